import FakeHTTP
import Foundation
import XAPI

extension FakeXWorld {
    /// Why a request was refused with 401 (said in the problem's detail).
    enum AuthFailure: String, Error {
        case missingHeader = "missing OAuth header"
        case malformedHeader = "malformed OAuth header"
        case unknownToken = "unknown token"
        case staleTimestamp = "timestamp out of bounds"
        case replayedNonce = "nonce already used"
        case badSignature = "could not authenticate you (bad signature)"
    }

    /// Verifies the OAuth 1.0a HMAC-SHA1 signature against the registered
    /// secrets, over the URL the client used (`Host` header), the query and any
    /// form body; then freshness (timestamp) and one-time use (nonce).
    mutating func authenticate(_ request: HTTPRequest, now: Date) -> Result<FakeXUser, AuthFailure> {
        guard let header = request.headers["authorization"] else { return .failure(.missingHeader) }
        guard let oauth = OAuthHeader.parse(header), let consumerKey = oauth["oauth_consumer_key"],
            let token = oauth["oauth_token"], let nonce = oauth["oauth_nonce"], !nonce.isEmpty,
            let timestampText = oauth["oauth_timestamp"], let timestamp = Int(timestampText),
            oauth["oauth_signature"] != nil, oauth["oauth_signature_method"] == "HMAC-SHA1",
            oauth["oauth_version"] ?? "1.0" == "1.0"
        else { return .failure(.malformedHeader) }
        guard let userID = tokens[token], let user = users[userID], let credentials = user.credentials,
            credentials.consumerKey == consumerKey
        else { return .failure(.unknownToken) }

        guard signatureMatches(request, oauth: oauth, consumerSecret: credentials.consumerSecret, tokenSecret: credentials.accessTokenSecret)
        else { return .failure(.badSignature) }

        guard abs(now.timeIntervalSince1970 - Double(timestamp)) <= settings.maxClockSkew else {
            return .failure(.staleTimestamp)
        }
        let nonceKey = consumerKey + " " + token + " " + nonce
        guard seenNonces[nonceKey] == nil else { return .failure(.replayedNonce) }
        forgetOldNonces(now: now)
        seenNonces[nonceKey] = timestamp
        return .success(user)
    }

    /// Whether `oauth_signature` is the HMAC-SHA1 of the request's base string (the URL the client
    /// used, the query, any form body and the `oauth_*` parameters) under the two secrets.
    func signatureMatches(_ request: HTTPRequest, oauth: [String: String], consumerSecret: String, tokenSecret: String) -> Bool {
        var parameters = request.query
        if request.headers["content-type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            parameters += OAuthPercentEncoding.parseForm(String(decoding: request.body, as: UTF8.self))
        }
        parameters += oauth.filter { $0.key != "oauth_signature" }.map { (name: $0.key, value: $0.value) }
        let base = OAuthSignature.baseString(method: request.method, baseURI: baseURI(request), parameters: parameters)
        let expected = OAuthSignature.sign(baseString: base, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
        return Self.constantTimeEqual(expected, oauth["oauth_signature"] ?? "")
    }

    /// `http://<Host header><path>`, as the client must have signed it.
    private func baseURI(_ request: HTTPRequest) -> String {
        let host = request.headers["host"] ?? "127.0.0.1"
        var name = host
        var port: Int?
        if let colon = host.lastIndex(of: ":"), let number = Int(host[host.index(after: colon)...]) {
            name = String(host[..<colon])
            port = number
        }
        return OAuthSignature.baseURI(scheme: "http", host: name, port: port, path: request.path)
    }

    private mutating func forgetOldNonces(now: Date) {
        guard seenNonces.count > 10_000 else { return }
        let oldest = Int(now.timeIntervalSince1970 - 2 * settings.maxClockSkew)
        seenNonces = seenNonces.filter { $0.value >= oldest }
    }

    static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
