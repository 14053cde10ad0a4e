import FakeHTTP
import Foundation
import HTTPSupport

/// Mastodon's sign-in for apps (docs.joinmastodon.org, "Obtaining client app access", methods/apps,
/// methods/oauth): `POST /api/v1/apps` registers an app with its scopes and redirect URIs;
/// `GET /oauth/authorize` (after the person signs in and approves; here the account signed in to
/// the "browser", `browserAccountID`) shows the code for `urn:ietf:wg:oauth:2.0:oob`;
/// `POST /oauth/token` trades the code once for a token with the granted scopes.
struct FakeMastodonOAuth: Sendable {
    struct App: Sendable {
        var secret: String
        var redirectURIs: [String]
        var scopes: Set<String>
    }

    struct Grant: Sendable {
        var clientID: String
        var accountID: String
        var redirectURI: String
        var scopes: [String]
    }

    var apps: [String: App] = [:]
    var codes: [String: Grant] = [:]
    /// Scopes of the tokens issued here; tokens from `addAccount` carry every scope.
    var tokenScopes: [String: Set<String>] = [:]
    /// The app (client id) that was given each token issued here.
    var tokenApps: [String: String] = [:]
    /// Whether `GET /api/v1/apps/verify_credentials` says the app's `scopes` (Mastodon 4.3 and
    /// later, `REST::ApplicationSerializer`); off: an older server that does not.
    var appScopesServed = true
    /// The account a browser opening `/oauth/authorize` is signed in as; nil: nobody.
    var browserAccountID: String?
    static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"
    static let knownScopes: Set<String> = [
        "read", "write", "follow", "push", "profile", "read:accounts", "read:statuses", "read:favourites", "read:notifications",
        "write:statuses", "write:favourites", "write:media",
    ]

    /// Does a token with `scopes` reach `endpoint`? Mastodon's `doorkeeper_authorize!` per action:
    /// the top-level scope or the granular one.
    static func allows(_ scopes: Set<String>, endpoint: String) -> Bool {
        let needed: String
        switch endpoint {
        case "POST /api/v1/statuses", "DELETE /api/v1/statuses/:id": needed = "write:statuses"
        case "POST /api/v1/statuses/:id/favourite": needed = "write:favourites"
        case "POST /api/v2/media", "GET /api/v1/media/:id": needed = "write:media"
        case "GET /api/v1/favourites": needed = "read:favourites"
        case "GET /api/v1/notifications": needed = "read:notifications"
        case "GET /api/v1/accounts/verify_credentials":
            return scopes.contains("profile") || scopes.contains("read") || scopes.contains("read:accounts")
        case let other where other.hasPrefix("GET /api/v1/accounts"): needed = "read:accounts"
        default: needed = "read:statuses"
        }
        let family = String(needed.prefix { $0 != ":" })
        return scopes.contains(family) || scopes.contains(needed)
    }
}

extension FakeMastodonWorld {
    /// Answers the OAuth routes; nil when `request` is not one of them.
    mutating func answerOAuth(_ request: HTTPRequest) -> HTTPResponse? {
        switch (request.method, request.path) {
        case ("POST", "/api/v1/apps"): return registerApp(form(request))
        case ("GET", "/oauth/authorize"): return authorize(Dictionary(request.query.map { ($0.name, $0.value) }) { first, _ in first })
        case ("POST", "/oauth/token"): return token(form(request))
        case ("GET", "/api/v1/apps/verify_credentials"): return appCredentials(request)
        default: return nil
        }
    }

    private func form(_ request: HTTPRequest) -> [String: String] {
        Dictionary(PercentEncoding.parseForm(String(decoding: request.body, as: UTF8.self)).map { ($0.name, $0.value) }) { first, _ in first }
    }

    private mutating func registerApp(_ form: [String: String]) -> HTTPResponse {
        guard let name = form["client_name"], !name.isEmpty else { return Self.error(422, "Validation failed: Application name can't be blank") }
        let redirects = (form["redirect_uris"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        guard !redirects.isEmpty else { return Self.error(422, "Validation failed: Redirect URI can't be blank") }
        let scopes = Set((form["scopes"] ?? "read").split(separator: " ").map(String.init))
        guard scopes.isSubset(of: FakeMastodonOAuth.knownScopes) else { return Self.error(422, "Validation failed: Scopes are invalid") }
        let clientID = Self.randomToken()
        let secret = Self.randomToken()
        oauth.apps[clientID] = .init(secret: secret, redirectURIs: redirects, scopes: scopes)
        return .json(200, [
            "id": String(oauth.apps.count), "name": name, "website": form["website"] ?? "", "redirect_uri": redirects.joined(separator: "\n"),
            "client_id": clientID, "client_secret": secret,
        ])
    }

    private mutating func authorize(_ query: [String: String]) -> HTTPResponse {
        guard let clientID = query["client_id"], let app = oauth.apps[clientID] else {
            return Self.page(401, "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.")
        }
        guard query["response_type"] == "code" else { return Self.page(400, "The authorization server does not support this response type.") }
        let redirect = query["redirect_uri"] ?? ""
        guard app.redirectURIs.contains(redirect) else { return Self.page(400, "The redirect uri included is not valid.") }
        let scopes = (query["scope"] ?? "read").split(separator: " ").map(String.init)
        guard Set(scopes).isSubset(of: app.scopes) else {
            return Self.page(400, "The requested scope is invalid, unknown, or malformed.")
        }
        guard let accountID = oauth.browserAccountID else { return Self.page(401, "You need to sign in or sign up before continuing.") }
        let code = Self.randomToken()
        oauth.codes[code] = .init(clientID: clientID, accountID: accountID, redirectURI: redirect, scopes: scopes)
        // What /oauth/authorize/native shows after "Authorize" for the out-of-band URI.
        let html = """
            <!DOCTYPE html><html><body><div class="simple_form"><h2>Authorization code</h2>
            <p>Copy this authorization code and paste it to the application.</p>
            <input class="oauth-code" readonly="readonly" type="text" value="\(code)"></div></body></html>
            """
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(html.utf8))
    }

    private mutating func token(_ form: [String: String]) -> HTTPResponse {
        guard let clientID = form["client_id"], let app = oauth.apps[clientID], app.secret == form["client_secret"] else {
            return .json(401, ["error": "invalid_client", "error_description": "Client authentication failed due to unknown client."])
        }
        guard form["grant_type"] == "authorization_code" else {
            return .json(400, ["error": "unsupported_grant_type", "error_description": "The authorization grant type is not supported."])
        }
        guard let code = form["code"], let grant = oauth.codes[code], grant.clientID == clientID, grant.redirectURI == form["redirect_uri"] else {
            return .json(400, [
                "error": "invalid_grant",
                "error_description": "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
            ])
        }
        oauth.codes[code] = nil
        let token = Self.randomToken()
        tokens[token] = grant.accountID
        oauth.tokenScopes[token] = Set(grant.scopes)
        oauth.tokenApps[token] = clientID
        struct TokenBody: Encodable {
            var access_token: String
            var token_type = "Bearer"
            var scope: String
            var created_at: Int
        }
        return .json(200, TokenBody(access_token: token, scope: grant.scopes.joined(separator: " "), created_at: Int(Date().timeIntervalSince1970)))
    }

    /// `GET /api/v1/apps/verify_credentials`: the app the token was given to, with the scopes it
    /// registered (the scopes a sign-in could ask for); a token made by `addAccount` belongs to an
    /// app of `read write follow push`.
    private func appCredentials(_ request: HTTPRequest) -> HTTPResponse {
        guard let header = request.headers["authorization"], header.hasPrefix("Bearer "), tokens[String(header.dropFirst(7))] != nil else {
            return Self.error(401, "The access token is invalid")
        }
        let token = String(header.dropFirst(7))
        let app = oauth.tokenApps[token].flatMap { oauth.apps[$0] }
        struct AppBody: Encodable {
            var id = "1"
            var name: String
            var website: String?
            var redirect_uri: String
            var scopes: [String]?
            var redirect_uris: [String]?
        }
        let redirects = app?.redirectURIs ?? [FakeMastodonOAuth.outOfBand]
        let served = oauth.appScopesServed
        return .json(200, AppBody(
            name: app == nil ? "fake-mastodon" : "mirror-bot", redirect_uri: redirects.joined(separator: "\n"),
            scopes: served ? (app?.scopes.sorted() ?? ["follow", "push", "read", "write"]) : nil, redirect_uris: served ? redirects : nil))
    }

    private static func page(_ status: Int, _ message: String) -> HTTPResponse {
        let html = "<!DOCTYPE html><html><body><div class=\"form-container\"><h2>An error has occurred</h2><pre>\(HTMLEscaping.escape(message))</pre></div></body></html>"
        return HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(html.utf8))
    }

    private static func randomToken() -> String {
        (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
    }
}
