import FakeMisskey
import Foundation
@testable import MirrorBotCLI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `mirror-bot login` on NETWORK=misskey against the fake server: the MiAuth page read from the
/// output and opened like a browser (which presses Allow), then Enter typed (through the
/// context's input, not a pseudo-terminal).
@Suite("login on Misskey")
struct LoginMisskeyTests {
    let server: FakeMisskeyServer
    let human: String
    let bot: String
    let scratch: LoginScratch

    init() throws {
        (server, human, bot, scratch) = try LoginWorlds.misskey(extra: "TIME_ZONE=Asia/Tokyo\n")
    }

    /// Runs `login ARGUMENTS`; `edit` changes the page's address before the browser opens it.
    func login(_ arguments: [String], edit: @escaping @Sendable (String) -> String = { $0 }) async throws -> [String] {
        try await scratch.login(arguments) { lines in
            guard let page = lines.last(where: { $0.contains("/miauth/") }), let url = URL(string: edit(page)),
                (try? await URLSession.shared.data(from: url)) != nil
            else { return nil }
            return ""
        }
    }

    func envText() throws -> String { try scratch.envText() }

    @Test("login human then login bot write both MiAuth tokens, mode 0600, the other lines kept")
    func bothAccounts() async throws {
        server.signInBrowser(userId: human)
        let lines = try await login(["human"])
        #expect(lines.contains { $0.contains("/miauth/") && $0.contains("permission=read%3Aaccount") })
        server.signInBrowser(userId: bot)
        _ = try await login(["bot"])
        let text = try envText()
        #expect(text.hasPrefix("NETWORK=misskey\nMISSKEY_BASE_URL=\(server.baseURL.absoluteString)\nTIME_ZONE=Asia/Tokyo\nHUMAN_MISSKEY_TOKEN="))
        let file = EnvFile(text: text)
        #expect(file.value(of: "HUMAN_MISSKEY_TOKEN")?.count == 32)
        #expect(file.value(of: "BOT_MISSKEY_TOKEN")?.count == 32)
        #expect(try scratch.envMode() == 0o600)
        #expect(server.writes.isEmpty)
    }

    @Test("a bot token without write:reactions is refused, the env file unchanged")
    func missingPermission() async throws {
        server.signInBrowser(userId: bot)
        let before = try envText()
        let error = await #expect(throws: LoginError.self) {
            _ = try await login(["bot"]) { $0.replacingOccurrences(of: "%2Cwrite%3Areactions", with: "") }
        }
        #expect(error?.description.contains("write:reactions") == true)
        #expect(try envText() == before)
    }

    @Test("a bot token without write:drive is refused (probed without uploading anything), the env file unchanged")
    func missingDrive() async throws {
        server.signInBrowser(userId: bot)
        let before = try envText()
        let error = await #expect(throws: LoginError.self) {
            _ = try await login(["bot"]) { $0.replacingOccurrences(of: "%2Cwrite%3Adrive", with: "") }
        }
        #expect(error?.description.contains("write:drive") == true)
        #expect(try envText() == before)
        #expect(server.uploads.isEmpty)
        // With it, the probe is INVALID_PARAM (folderId) and stores nothing either.
        server.signInBrowser(userId: bot)
        _ = try await login(["bot"])
        #expect(server.uploads.isEmpty)
        #expect(server.requests.contains { $0.endpoint == "POST /api/drive/files/create" && $0.errorCode == "INVALID_PARAM" })
    }

    @Test("the bot signed in as the human is refused, the env file unchanged")
    func sameAccount() async throws {
        server.signInBrowser(userId: human)
        _ = try await login(["human"])
        let before = try envText()
        await #expect(throws: LoginError.self) { _ = try await login(["bot"]) }
        #expect(try envText() == before)
    }

    @Test("a session never allowed is refused, the env file unchanged")
    func notAllowed() async throws {
        server.signInBrowser(userId: nil)
        let before = try envText()
        let error = await #expect(throws: LoginError.self) { _ = try await login(["human"]) }
        #expect(error?.description.contains("not allowed") == true)
        #expect(try envText() == before)
    }
}
