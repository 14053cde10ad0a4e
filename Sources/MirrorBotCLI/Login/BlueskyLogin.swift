import Foundation

/// Bluesky's app passwords (PLATFORM-FACTS.md, Bluesky): the handle (or DID) and an app password
/// made in Settings → Privacy and security → App passwords, checked with
/// `com.atproto.server.createSession`, which answers the account's DID and handle. App passwords
/// can always post, so both accounts get the same check.
struct BlueskyLogin: Sendable {
    var serviceURL: URL
    var http: LoginHTTP

    private struct Session: Decodable {
        var did: String
        var handle: String
    }

    func signIn(as role: LoginRole, terminal: LoginTerminal, otherIdentifier: String?) async throws -> LoginResult {
        terminal.output("Sign the \(role.rawValue)'s account in on \(host) with an app password (Settings → Privacy and security → App passwords).")
        let identifier = try await terminal.ask("Handle (e.g. alice.bsky.social) or DID:", what: "handle").trimmingCharacters(in: ["@"])
        let password = try await terminal.askSecret("App password (not shown):", what: "app password")
        let session = try await http.postJSON(
            serviceURL.appendingPathComponent("xrpc/com.atproto.server.createSession"), ["identifier": identifier, "password": password]
        ).decode(Session.self, what: "signing \(identifier) in at \(host)")
        if let otherIdentifier, [session.did, session.handle].contains(where: { $0.lowercased() == otherIdentifier.lowercased() }) {
            throw LoginError(
                "@\(session.handle) is already the \(role.other.rawValue)'s account; sign in as the \(role.rawValue)'s own account. Nothing was written")
        }
        return LoginResult(account: "@\(session.handle) (\(session.did)) on \(host)", values: [
            ("NETWORK", "bluesky"), ("BLUESKY_SERVICE_URL", serviceURL.absoluteString),
            ("\(role.prefix)_BLUESKY_IDENTIFIER", session.did), ("\(role.prefix)_BLUESKY_APP_PASSWORD", password),
        ])
    }

    private var host: String { serviceURL.host ?? serviceURL.absoluteString }
}
