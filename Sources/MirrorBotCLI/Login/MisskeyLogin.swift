import APIClientCore
import Foundation
import HTTPSupport

/// Misskey's MiAuth (misskey-hub, "MiAuth"): a random session id, the page
/// `/miauth/{session}?name=&permission=` where the person presses Allow, then
/// `POST /api/miauth/{session}/check` (once) for the token and the user.
struct MisskeyLogin: Sendable {
    var baseURL: URL
    var http: LoginHTTP

    /// docs/MISSKEY.md, "Permissions": the human is only read; the bot also reads its mentions, notes,
    /// reacts, and uploads the pictures its notes carry (`write:drive`).
    static func permissions(for role: LoginRole) -> [String] {
        role == .human ? ["read:account"] : ["read:account", "read:notifications", "write:notes", "write:reactions", "write:drive"]
    }

    /// The bot's permissions, probed without writing: a call with a parameter of the wrong type is
    /// refused 403 `PERMISSION_DENIED` before its parameters are read, else 400 `INVALID_PARAM`
    /// (Misskey's ApiCallService checks the permission first).
    private static let probes: [(endpoint: String, parameter: String, permission: String)] = [
        ("notes/create", "text", "write:notes"), ("notes/reactions/create", "noteId", "write:reactions"),
        ("i/notifications", "limit", "read:notifications"),
    ]

    /// `write:drive`, probed without uploading: `drive/files/create` takes only a multipart form
    /// with a file (a bare 400 before anything else otherwise), then checks the permission (403)
    /// before its parameters, and a `folderId` that is no id is `INVALID_PARAM`: nothing is stored.
    /// It counts one against the 120 uploads an hour.
    static let driveProbe = RequestBody.multipart(
        fields: [("folderId", "-")], file: .init(name: "file", filename: "probe.txt", contentType: "text/plain", data: Data("probe".utf8)))

    private struct Check: Decodable {
        var ok: Bool
        var token: String?
        var user: User?
    }

    private struct User: Decodable {
        var id: String
        var username: String
    }

    func signIn(as role: LoginRole, terminal: LoginTerminal, otherToken: String?) async throws -> LoginResult {
        let session = UUID().uuidString.lowercased()
        var page = URLComponents(url: url("miauth/\(session)"), resolvingAgainstBaseURL: false)
        page?.percentEncodedQuery = PercentEncoding.formString([
            ("name", "mirror-bot"), ("permission", Self.permissions(for: role).joined(separator: ",")),
        ])
        terminal.output("Open this page in a browser signed in to \(host) as the \(role.rawValue)'s account, and press Allow:")
        terminal.output(page?.url?.absoluteString ?? "")
        terminal.output("Then press Enter here.")
        guard await terminal.input() != nil else { throw LoginError("no Enter was typed; nothing was written") }
        let check = try await http.postJSON(url("api/miauth/\(session)/check"), [String: String]())
            .decode(Check.self, what: "checking the MiAuth session at \(host)")
        guard check.ok, let token = check.token, let user = check.user else {
            throw LoginError("\(host) says the session was not allowed; open the page, press Allow, then Enter. Nothing was written")
        }
        if role == .bot {
            for probe in Self.probes {
                let reply = try await http.postJSON(url("api/\(probe.endpoint)"), [probe.parameter: 0], headers: bearer(token))
                if reply.status == 403 {
                    throw LoginError("the bot's token lacks the permission \(probe.permission) (for \(probe.endpoint)); nothing was written")
                }
            }
            if try await http.post(url("api/drive/files/create"), Self.driveProbe, headers: bearer(token)).status == 403 {
                throw LoginError("the bot's token lacks the permission write:drive (for drive/files/create: the pictures it carries); nothing was written")
            }
        }
        if let otherToken, let other = try? await whoIs(otherToken), other.id == user.id {
            throw LoginError(
                "@\(user.username) is already the \(role.other.rawValue)'s account; sign in as the \(role.rawValue)'s own account. Nothing was written")
        }
        return LoginResult(account: "@\(user.username) on \(host)", values: [
            ("NETWORK", "misskey"), ("MISSKEY_BASE_URL", baseURL.absoluteString), ("\(role.prefix)_MISSKEY_TOKEN", token),
        ])
    }

    private func whoIs(_ token: String) async throws -> User {
        try await http.postJSON(url("api/i"), [String: String](), headers: bearer(token)).decode(User.self, what: "checking the account on \(host)")
    }

    private func bearer(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)"] }

    private var host: String { baseURL.host ?? baseURL.absoluteString }

    private func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }
}
