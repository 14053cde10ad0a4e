import Foundation
import HTTPSupport

/// Mastodon's sign-in for an app without a web server (docs.joinmastodon.org, "Obtaining client
/// app access"): register an app (`POST /api/v1/apps`, redirect URI `urn:ietf:wg:oauth:2.0:oob`),
/// send the person to `/oauth/authorize`, which shows a code; trade it at `POST /oauth/token`
/// (`authorization_code`), then ask who it is (`GET /api/v1/accounts/verify_credentials`).
struct MastodonLogin: Sendable {
    var baseURL: URL
    var http: LoginHTTP
    static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

    /// The smallest scopes: the human is only read; the bot reads its home timeline and mentions,
    /// posts and deletes statuses (`write:statuses`), favourites (`write:favourites`) and
    /// uploads the pictures its posts carry (`write:media`).
    static func scopes(for role: LoginRole) -> String {
        role == .human ? "read" : "read write:statuses write:favourites write:media"
    }

    /// Whether the scopes a token was granted (space-separated) let `role` do its work.
    static func grants(_ scope: String, enoughFor role: LoginRole) -> Bool {
        let granted = Set(scope.split(separator: " ").map(String.init))
        let needed = scopes(for: role).split(separator: " ").map(String.init)
        return needed.allSatisfy { granted.contains($0) || granted.contains(String($0.prefix { $0 != ":" })) }
    }

    private struct App: Decodable {
        var client_id: String
        var client_secret: String
    }

    private struct Token: Decodable {
        var access_token: String
        var scope: String?
    }

    private struct Account: Decodable {
        var id: String
        var acct: String
    }

    func signIn(as role: LoginRole, terminal: LoginTerminal, otherToken: String?) async throws -> LoginResult {
        let scopes = Self.scopes(for: role)
        let app = try await http.postForm(url("api/v1/apps"), [
            ("client_name", "mirror-bot"), ("redirect_uris", Self.outOfBand), ("scopes", scopes),
        ]).decode(App.self, what: "registering the app on \(host)")
        var authorize = URLComponents(url: url("oauth/authorize"), resolvingAgainstBaseURL: false)
        authorize?.percentEncodedQuery = PercentEncoding.formString([
            ("client_id", app.client_id), ("scope", scopes), ("redirect_uri", Self.outOfBand), ("response_type", "code"),
        ])
        terminal.output("Open this page in a browser signed in to \(host) as the \(role.rawValue)'s account, and approve:")
        terminal.output(authorize?.url?.absoluteString ?? "")
        let code = try await terminal.ask("Paste the authorization code it shows:", what: "code")
        let token = try await http.postForm(url("oauth/token"), [
            ("grant_type", "authorization_code"), ("code", code), ("client_id", app.client_id),
            ("client_secret", app.client_secret), ("redirect_uri", Self.outOfBand), ("scope", scopes),
        ]).decode(Token.self, what: "trading the code at \(host)")
        let granted = token.scope ?? scopes
        guard Self.grants(granted, enoughFor: role) else {
            throw LoginError("the \(role.rawValue)'s token has scopes '\(granted)' but needs '\(scopes)'; nothing was written")
        }
        let account = try await verify(token.access_token)
        if let otherToken, let other = try? await verify(otherToken), other.id == account.id {
            throw LoginError(
                "@\(account.acct) is already the \(role.other.rawValue)'s account; sign in as the \(role.rawValue)'s own account. Nothing was written")
        }
        return LoginResult(account: "@\(account.acct) on \(host)", values: [
            ("NETWORK", "mastodon"), ("MASTODON_BASE_URL", baseURL.absoluteString), ("\(role.prefix)_MASTODON_TOKEN", token.access_token),
        ])
    }

    private func verify(_ token: String) async throws -> Account {
        try await http.get(url("api/v1/accounts/verify_credentials"), headers: ["Authorization": "Bearer \(token)"])
            .decode(Account.self, what: "checking the account on \(host)")
    }

    private var host: String { baseURL.host ?? baseURL.absoluteString }

    private func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }
}
