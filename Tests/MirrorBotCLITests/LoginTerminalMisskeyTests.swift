import FakeMisskey
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

/// The built `mirror-bot login` on Misskey at a real pseudo-terminal: the MiAuth page's address
/// read from the screen and opened like a browser signed in as the account (which presses
/// Allow), then Enter pressed as the program asks.
@Suite("login at a pseudo-terminal on Misskey")
struct LoginTerminalMisskeyTests {
    let server: FakeMisskeyServer
    let human: String
    let bot: String
    let scratch: LoginScratch

    init() throws {
        (server, human, bot, scratch) = try LoginWorlds.misskey()
    }

    /// Signs `userId` in at a terminal: the page opened once the program asks for Enter, then Enter.
    func login(_ role: String, as userId: String) async throws -> PseudoTerminal.Session {
        server.signInBrowser(userId: userId)
        return try await PseudoTerminal.run(["login", role], in: scratch.directory) { screen in
            guard screen.contains("Then press Enter here.") else { return nil }
            _ = await Browser.open(Browser.page(on: screen, containing: "/miauth/"))
            return ""
        }
    }

    @Test("login human then login bot at a terminal: each page opened, Enter pressed, both tokens written 0600")
    func bothAccounts() async throws {
        let sessions = [try await login("human", as: human), try await login("bot", as: bot)]
        #expect(sessions.map(\.status) == [0, 0])
        #expect(sessions[0].shown.contains("Signed in as @haru on 127.0.0.1"))
        #expect(sessions[1].shown.contains("Signed in as @haru_mirror on 127.0.0.1"))
        let file = EnvFile(text: try scratch.envText())
        #expect(file.value(of: "HUMAN_MISSKEY_TOKEN")?.count == 32)
        #expect(file.value(of: "BOT_MISSKEY_TOKEN")?.count == 32)
        #expect(try scratch.envMode() == 0o600)
    }

    @Test("the bot signed in as the human's account at a terminal: one Error: line, a non-zero exit, the env file byte for byte the same")
    func sameAccount() async throws {
        #expect(try await login("human", as: human).status == 0)
        let before = try scratch.envText()
        let refused = try await login("bot", as: human)
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["Error: @haru is already the human's account; sign in as the bot's own account. Nothing was written"])
        #expect(try scratch.envText() == before)
    }

    @Test("as fake-misskey runs outside the test process: the MiAuth page is allowed by a browser whose cookie names the account")
    func browserCookie() async throws {
        server.signInBrowser(userId: nil)
        let session = try await PseudoTerminal.run(["login", "human"], in: scratch.directory) { screen in
            guard screen.contains("Then press Enter here.") else { return nil }
            _ = await Browser.open(Browser.page(on: screen, containing: "/miauth/"), cookie: "fake_signed_in_as=haru")
            return ""
        }
        #expect(session.status == 0, "\(session.shown)")
        #expect(session.shown.contains("Signed in as @haru on 127.0.0.1"))
        #expect(EnvFile(text: try scratch.envText()).value(of: "HUMAN_MISSKEY_TOKEN")?.count == 32)
    }
}

