import Foundation
import HTTPSupport
import XAPI

/// X's PIN-based OAuth 1.0a (docs.x.com, "PIN-based authorization"): a request token signed
/// with the app's consumer key and secret (`oauth_callback=oob`, `x_auth_access_type`), the
/// authorize page showing a PIN, `oauth/access_token` with `oauth_verifier`, then `GET /2/users/me`.
struct XLogin: Sendable {
    var baseURL: URL
    var consumerKey: String
    var consumerSecret: String
    var http: LoginHTTP
    /// Nonce and time are drawn here (tests may pin them).
    var nonce: @Sendable () -> String = { OAuthSigner.randomNonce() }
    var now: @Sendable () -> Date = { Date() }

    private struct Me: Decodable {
        struct User: Decodable {
            var id: String
            var username: String
        }
        var data: User
    }

    func signIn(as role: LoginRole, terminal: LoginTerminal, otherAccessToken: String?) async throws -> LoginResult {
        var requestURL = URLComponents(url: url("oauth/request_token"), resolvingAgainstBaseURL: false)
        requestURL?.percentEncodedQuery = PercentEncoding.formString([("x_auth_access_type", role == .human ? "read" : "write")])
        guard let requestTokenURL = requestURL?.url else { throw LoginError("X_API_BASE_URL cannot carry a query") }
        let requestToken = try await exchange(requestTokenURL, extra: [("oauth_callback", "oob")], tokenSecret: "", what: "asking X for a request token")
        guard let token = requestToken["oauth_token"], let tokenSecret = requestToken["oauth_token_secret"] else {
            throw LoginError("X answered no request token; nothing was written")
        }
        var page = URLComponents(url: url("oauth/authorize"), resolvingAgainstBaseURL: false)
        page?.percentEncodedQuery = PercentEncoding.formString([("oauth_token", token)])
        terminal.output("Open this page in a browser signed in to X as the \(role.rawValue)'s account, and authorize the app:")
        terminal.output(page?.url?.absoluteString ?? "")
        let pin = try await terminal.ask("Type the PIN it shows:", what: "PIN")
        let access = try await exchange(
            url("oauth/access_token"), extra: [("oauth_token", token), ("oauth_verifier", pin)], tokenSecret: tokenSecret,
            what: "trading the PIN at X")
        guard let accessToken = access["oauth_token"], let accessSecret = access["oauth_token_secret"] else {
            throw LoginError("X answered no access token; nothing was written")
        }
        let credentials = OAuthCredentials(
            consumerKey: consumerKey, consumerSecret: consumerSecret, accessToken: accessToken, accessTokenSecret: accessSecret)
        let meURL = url("2/users/me")
        let signer = OAuthSigner(credentials: credentials)
        let reply = try await http.get(meURL, headers: [
            "Authorization": signer.authorizationHeader(method: "GET", url: meURL, nonce: nonce(), timestamp: Int(now().timeIntervalSince1970)),
        ])
        let me = try reply.decode(Me.self, what: "checking the account on X").data
        if role == .bot, let level = reply.headers["x-access-level"], !level.contains("write") {
            throw LoginError(
                "the bot's token can only read (x-access-level \(level)); give the app Read and write permission and sign in again. Nothing was written")
        }
        // X's access tokens begin with the account's id and a dash: no request needed to compare.
        if let otherAccessToken, otherAccessToken.split(separator: "-").first.map(String.init) == me.id {
            throw LoginError(
                "@\(me.username) is already the \(role.other.rawValue)'s account; sign in as the \(role.rawValue)'s own account. Nothing was written")
        }
        return LoginResult(account: "@\(me.username) on X", values: [
            ("NETWORK", "x"), ("\(role.prefix)_CONSUMER_KEY", consumerKey), ("\(role.prefix)_CONSUMER_SECRET", consumerSecret),
            ("\(role.prefix)_ACCESS_TOKEN", accessToken), ("\(role.prefix)_ACCESS_TOKEN_SECRET", accessSecret),
        ])
    }

    /// A POST signed with the consumer's keys, `extra` protocol parameters and `tokenSecret`; the form-encoded answer.
    private func exchange(_ url: URL, extra: [(name: String, value: String)], tokenSecret: String, what: String) async throws -> [String: String] {
        var parameters: [(name: String, value: String)] = [
            ("oauth_consumer_key", consumerKey), ("oauth_nonce", nonce()), ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", String(Int(now().timeIntervalSince1970))), ("oauth_version", "1.0"),
        ] + extra
        let base = OAuthSignature.baseString(
            method: "POST", baseURI: OAuthSignature.baseURI(of: url), parameters: OAuthSignature.queryParameters(of: url) + parameters)
        parameters.append(("oauth_signature", OAuthSignature.sign(baseString: base, consumerSecret: consumerSecret, tokenSecret: tokenSecret)))
        let reply = try await http.postForm(url, [], headers: ["Authorization": OAuthHeader.format(parameters.sorted { $0.name < $1.name })])
        guard reply.status == 200 else {
            throw LoginError("\(what) failed: HTTP \(reply.status); nothing was written")
        }
        return Dictionary(PercentEncoding.parseForm(String(decoding: reply.body, as: UTF8.self)).map { ($0.name, $0.value) }) { first, _ in first }
    }

    private func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }
}
