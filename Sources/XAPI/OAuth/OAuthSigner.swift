import Foundation

/// Signs requests for one account: builds the `Authorization: OAuth ...` header.
///
/// Nonce and timestamp are parameters, so signing is a pure function; the client
/// draws them fresh for every attempt.
public struct OAuthSigner: Sendable {
    public var credentials: OAuthCredentials
    /// Whether to send `oauth_version="1.0"` (X's docs do; it is optional in RFC 5849).
    public var includesVersion: Bool

    public init(credentials: OAuthCredentials, includesVersion: Bool = true) {
        self.credentials = credentials
        self.includesVersion = includesVersion
    }

    /// The `oauth_*` protocol parameters, without the signature.
    public func protocolParameters(nonce: String, timestamp: Int) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = [
            ("oauth_consumer_key", credentials.consumerKey),
            ("oauth_nonce", nonce),
            ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", String(timestamp)),
            ("oauth_token", credentials.accessToken),
        ]
        if includesVersion { parameters.append(("oauth_version", "1.0")) }
        return parameters
    }

    /// The signature of a request: query parameters come from `url`, form
    /// parameters only when the body is `application/x-www-form-urlencoded`.
    public func signature(
        method: String, url: URL, formParameters: [(name: String, value: String)] = [], nonce: String,
        timestamp: Int
    ) -> String {
        let parameters =
            OAuthSignature.queryParameters(of: url) + formParameters
            + protocolParameters(nonce: nonce, timestamp: timestamp)
        let base = OAuthSignature.baseString(
            method: method, baseURI: OAuthSignature.baseURI(of: url), parameters: parameters)
        return OAuthSignature.sign(
            baseString: base, consumerSecret: credentials.consumerSecret,
            tokenSecret: credentials.accessTokenSecret)
    }

    /// The full `Authorization` header value.
    public func authorizationHeader(
        method: String, url: URL, formParameters: [(name: String, value: String)] = [], nonce: String,
        timestamp: Int
    ) -> String {
        let signature = signature(
            method: method, url: url, formParameters: formParameters, nonce: nonce, timestamp: timestamp)
        let parameters = protocolParameters(nonce: nonce, timestamp: timestamp) + [("oauth_signature", signature)]
        return OAuthHeader.format(parameters.sorted { $0.name < $1.name })
    }

    /// A random alphanumeric nonce (32 characters).
    public static func randomNonce() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
