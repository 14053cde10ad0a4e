import FakeBluesky
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

/// The built `mirror-bot login` on Bluesky at a real pseudo-terminal: the handle typed (and
/// echoed), the app password typed with the terminal's echo turned off by the program.
@Suite("login at a pseudo-terminal on Bluesky")
struct LoginTerminalBlueskyTests {
    let server: FakeBlueskyServer
    let scratch: LoginScratch

    init() throws {
        (server, scratch) = try LoginWorlds.bluesky()
    }

    /// Types `handle` at the handle prompt and `password` at the password prompt.
    func login(_ role: String, handle: String, password: String) async throws -> PseudoTerminal.Session {
        try await PseudoTerminal.run(["login", role], in: scratch.directory) { screen in
            if screen.contains("App password (not shown):") { return password }
            if screen.contains("Handle (e.g.") { return handle }
            return nil
        }
    }

    @Test("login human then login bot at a terminal: handles echoed, app passwords not, both written 0600")
    func bothAccounts() async throws {
        let human = try await login("human", handle: "haru.test", password: "aaaa-bbbb-cccc-dddd")
        let bot = try await login("bot", handle: "@haru-mirror.test", password: "eeee-ffff-gggg-hhhh")
        #expect([human.status, bot.status] == [0, 0])
        #expect(human.shown.contains("haru.test\r\n"), "the handle is echoed as typed")
        #expect(human.shown.contains("Signed in as @haru.test (did:plc:haru)"))
        #expect(!human.shown.contains("aaaa-bbbb"), "the app password is not echoed")
        #expect(!bot.shown.contains("eeee-ffff"), "the app password is not echoed")
        let file = EnvFile(text: try scratch.envText())
        #expect(file.value(of: "HUMAN_BLUESKY_IDENTIFIER") == "did:plc:haru")
        #expect(file.value(of: "BOT_BLUESKY_IDENTIFIER") == "did:plc:mirror")
        #expect(file.value(of: "BOT_BLUESKY_APP_PASSWORD") == "eeee-ffff-gggg-hhhh")
        #expect(try scratch.envMode() == 0o600)
    }

    @Test("the bot signed in as the human's account at a terminal: one Error: line, a non-zero exit, the env file byte for byte the same")
    func sameAccount() async throws {
        #expect(try await login("human", handle: "haru.test", password: "aaaa-bbbb-cccc-dddd").status == 0)
        let before = try scratch.envText()
        let refused = try await login("bot", handle: "haru.test", password: "aaaa-bbbb-cccc-dddd")
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["Error: @haru.test is already the human's account; sign in as the bot's own account. Nothing was written"])
        #expect(!refused.shown.contains("aaaa-bbbb"))
        #expect(try scratch.envText() == before)
    }
}
