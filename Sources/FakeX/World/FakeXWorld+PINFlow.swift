import FakeHTTP
import Foundation
import XAPI

/// X's OAuth 1.0a PIN-based flow (docs.x.com, "Obtaining access tokens using 3-legged OAuth
/// flow", "PIN-based authorization"; POST oauth/request_token, GET oauth/authorize, POST
/// oauth/access_token): a request token signed with the app's keys (`oauth_callback=oob`,
/// `x_auth_access_type` read or write), the authorize page showing a PIN to the person signed in
/// (here `browserUserID`, or the user the `fake_signed_in_as` cookie names), then the access token for the request token and the PIN. A token's
/// access level is the lower of the app's permission and the type asked for.
struct FakeXPINFlow: Sendable {
    struct RequestToken: Sendable {
        var consumerKey: String
        var secret: String
        var accessLevel: String
        var pin: String?
        var userID: String?
    }

    /// Consumer key -> (secret, "read" or "read-write").
    var apps: [String: (secret: String, permission: String)] = [:]
    var requestTokens: [String: RequestToken] = [:]
    /// Access tokens issued here -> "read" or "read-write" (others are "read-write").
    var accessLevels: [String: String] = [:]
    var browserUserID: String?
}

extension FakeXWorld {
    /// Answers the three `/oauth/` routes; nil for any other request.
    mutating func answerPINFlow(_ request: HTTPRequest) -> HTTPResponse? {
        switch (request.method, request.path) {
        case ("POST", "/oauth/request_token"): return requestToken(request)
        case ("GET", "/oauth/authorize"): return authorizePage(request.queryValue("oauth_token") ?? "", signedIn: browserUser(request))
        case ("POST", "/oauth/access_token"): return accessToken(request)
        default: return nil
        }
    }

    private mutating func requestToken(_ request: HTTPRequest) -> HTTPResponse {
        guard let header = request.headers["authorization"], let oauth = OAuthHeader.parse(header),
            let consumerKey = oauth["oauth_consumer_key"], let app = pinFlow.apps[consumerKey],
            signatureMatches(request, oauth: oauth, consumerSecret: app.secret, tokenSecret: "")
        else { return Self.oauthError(401, code: 32, "Could not authenticate you.") }
        guard oauth["oauth_callback"] == "oob" else { return Self.oauthError(403, code: 417, "Desktop applications only support the oauth_callback value 'oob'") }
        let asked = request.queryValue("x_auth_access_type") == "read" ? "read" : "read-write"
        let level = asked == "read" || app.permission == "read" ? "read" : "read-write"
        let token = OAuthSigner.randomNonce()
        let secret = OAuthSigner.randomNonce()
        pinFlow.requestTokens[token] = .init(consumerKey: consumerKey, secret: secret, accessLevel: level)
        return Self.form(["oauth_token": token, "oauth_token_secret": secret, "oauth_callback_confirmed": "true"])
    }

    /// Who the browser fetching a page is signed in as: the user its cookie names, else `browserUserID`.
    private func browserUser(_ request: HTTPRequest) -> String? {
        guard let username = request.cookie(HTTPRequest.signedInCookie) else { return pinFlow.browserUserID }
        return users.first { $0.value.username == username }?.key
    }

    private mutating func authorizePage(_ token: String, signedIn: String?) -> HTTPResponse {
        guard pinFlow.requestTokens[token] != nil, let userID = signedIn else {
            return Self.html(200, "<div id=\"bd\"><h2>Whoa there!</h2><p>The request token for this page is invalid.</p></div>")
        }
        let pin = String(format: "%07d", Int.random(in: 0..<10_000_000))
        pinFlow.requestTokens[token]?.pin = pin
        pinFlow.requestTokens[token]?.userID = userID
        return Self.html(200, """
            <div id="oauth_pin"><p><span id="code-desc">Next, return to mirror-bot and enter this PIN to complete the \
            authorization process:</span><kbd aria-labelledby="code-desc"><code>\(pin)</code></kbd></p></div>
            """)
    }

    private mutating func accessToken(_ request: HTTPRequest) -> HTTPResponse {
        guard let header = request.headers["authorization"], let oauth = OAuthHeader.parse(header),
            let token = oauth["oauth_token"], let pending = pinFlow.requestTokens[token],
            let app = pinFlow.apps[pending.consumerKey], oauth["oauth_consumer_key"] == pending.consumerKey,
            signatureMatches(request, oauth: oauth, consumerSecret: app.secret, tokenSecret: pending.secret)
        else { return Self.oauthError(401, code: 32, "Could not authenticate you.") }
        let verifier = oauth["oauth_verifier"] ?? request.queryValue("oauth_verifier")
        guard let pin = pending.pin, let userID = pending.userID, verifier == pin, var user = users[userID] else {
            return .text(401, "Error processing your OAuth request: Invalid oauth_verifier parameter")
        }
        pinFlow.requestTokens[token] = nil
        let credentials = OAuthCredentials(
            consumerKey: pending.consumerKey, consumerSecret: app.secret, accessToken: userID + "-" + OAuthSigner.randomNonce(),
            accessTokenSecret: OAuthSigner.randomNonce())
        user.credentials = credentials
        addUser(user)
        pinFlow.accessLevels[credentials.accessToken] = pending.accessLevel
        return Self.form([
            "oauth_token": credentials.accessToken, "oauth_token_secret": credentials.accessTokenSecret, "user_id": userID,
            "screen_name": user.username,
        ])
    }

    private static func form(_ values: [String: String]) -> HTTPResponse {
        let body = values.sorted { $0.key < $1.key }.map { "\(OAuthPercentEncoding.encode($0.key))=\(OAuthPercentEncoding.encode($0.value))" }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(body.joined(separator: "&").utf8))
    }

    private static func html(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data("<!DOCTYPE html><html><body>\(body)</body></html>".utf8))
    }

    /// `{"errors": [{"code": 32, "message": "..."}]}`, as X's OAuth endpoints refuse.
    private static func oauthError(_ status: Int, code: Int, _ message: String) -> HTTPResponse {
        struct Errors: Encodable {
            struct Entry: Encodable {
                var code: Int
                var message: String
            }
            var errors: [Entry]
        }
        return .json(status, Errors(errors: [.init(code: code, message: message)]))
    }

    /// The access level of the token a request is signed with (`x-access-level`): "read" for a token
    /// issued read-only here, else "read-write".
    func accessLevel(of request: HTTPRequest) -> String {
        let token = request.headers["authorization"].flatMap(OAuthHeader.parse)?["oauth_token"] ?? ""
        return pinFlow.accessLevels[token] ?? "read-write"
    }
}
