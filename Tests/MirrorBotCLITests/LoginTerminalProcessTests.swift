import FakeMastodon
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

/// The built `mirror-bot login` on Mastodon at a real pseudo-terminal: the page's address read
/// from the screen, the page fetched like a browser signed in as the account, the code typed back.
@Suite("login at a pseudo-terminal on Mastodon")
struct LoginTerminalProcessTests {
    let server: FakeMastodonServer
    let scratch: LoginScratch

    init() throws {
        server = try LoginMastodonTests.twoAccounts()
        scratch = try LoginScratch(envText: "NETWORK=mastodon\nMASTODON_BASE_URL=\(server.baseURL.absoluteString)\n")
    }

    /// What a person types at Mastodon's prompt: the code the authorize page shows (`type` may change it).
    static func code(_ type: @escaping @Sendable (String) -> String = { $0 }) -> @Sendable (String) async -> String? {
        { screen in
            guard screen.contains("Paste the authorization code") else { return nil }
            return await Browser.mastodonCode(Browser.page(on: screen, containing: "/oauth/authorize?")).map(type) ?? ""
        }
    }

    /// `login human` as @alice, then `login bot` as @mirror, each at its own terminal.
    static func signBothIn(_ server: FakeMastodonServer, in directory: String) async throws -> [PseudoTerminal.Session] {
        server.signInBrowser(accountID: "1")
        let human = try await PseudoTerminal.run(["login", "human"], in: directory, answer: code())
        server.signInBrowser(accountID: "2")
        let bot = try await PseudoTerminal.run(["login", "bot"], in: directory, answer: code())
        return [human, bot]
    }

    @Test("login human then login bot at a terminal: the page opened, each code typed, both tokens written 0600")
    func bothAccounts() async throws {
        let sessions = try await Self.signBothIn(server, in: scratch.directory)
        #expect(sessions.map(\.status) == [0, 0])
        #expect(sessions[0].shown.contains("Signed in as @alice on 127.0.0.1"))
        #expect(sessions[1].shown.contains("Signed in as @mirror on 127.0.0.1"))
        let file = EnvFile(text: try scratch.envText())
        let human = try #require(file.value(of: "HUMAN_MASTODON_TOKEN"))
        #expect(file.value(of: "BOT_MASTODON_TOKEN") != nil)
        #expect(try scratch.envMode() == 0o600)
        #expect(!sessions[0].shown.contains(human), "the token is written, never shown")
    }

    @Test("a wrong code typed at the terminal: one Error: line, a non-zero exit, the env file byte for byte the same")
    func wrongCode() async throws {
        server.signInBrowser(accountID: "1")
        _ = try await PseudoTerminal.run(["login", "human"], in: scratch.directory, answer: Self.code())
        let before = try scratch.envText()
        let refused = try await PseudoTerminal.run(["login", "bot"], in: scratch.directory, answer: Self.code { _ in "not-the-code" })
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["Error: trading the code at 127.0.0.1 failed: HTTP 400 (invalid_grant); nothing was written"])
        #expect(try scratch.envText() == before)
    }
}
