import FakeX
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

/// The built `mirror-bot login` on X at a real pseudo-terminal: the authorize page's address read
/// from the screen, the page fetched like a browser signed in as the account, the PIN it shows typed.
@Suite("login at a pseudo-terminal on X")
struct LoginTerminalXTests {
    let server: FakeXServer
    let scratch: LoginScratch

    init() throws {
        (server, scratch) = try LoginWorlds.x()
    }

    /// Signs `userID` in at a terminal; `type` turns the PIN the page shows into what is typed.
    func login(_ role: String, as userID: String, type: @escaping @Sendable (String) -> String = { $0 }) async throws
        -> PseudoTerminal.Session
    {
        server.signInBrowser(userID: userID)
        return try await PseudoTerminal.run(["login", role], in: scratch.directory) { screen in
            guard screen.contains("Type the PIN it shows:") else { return nil }
            return await Browser.xPIN(Browser.page(on: screen, containing: "/oauth/authorize?")).map(type) ?? ""
        }
    }

    @Test("login human then login bot at a terminal: each PIN read from the page and typed, both access tokens written 0600")
    func bothAccounts() async throws {
        let sessions = [try await login("human", as: "100"), try await login("bot", as: "200")]
        #expect(sessions.map(\.status) == [0, 0])
        #expect(sessions[0].shown.contains("Signed in as @haru on X"))
        #expect(sessions[1].shown.contains("Signed in as @haru_mirror on X"))
        let file = EnvFile(text: try scratch.envText())
        #expect(file.value(of: "HUMAN_ACCESS_TOKEN")?.hasPrefix("100-") == true)
        #expect(file.value(of: "BOT_ACCESS_TOKEN")?.hasPrefix("200-") == true)
        #expect(file.value(of: "BOT_ACCESS_TOKEN_SECRET") != nil)
        #expect(try scratch.envMode() == 0o600)
    }

    @Test("a wrong PIN typed at the terminal: one Error: line, a non-zero exit, the env file byte for byte the same")
    func wrongPIN() async throws {
        let before = try scratch.envText()
        let refused = try await login("human", as: "100") { _ in "0000000" }
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["Error: trading the PIN at X failed: HTTP 401; nothing was written"])
        #expect(try scratch.envText() == before)
    }

    @Test("a bot whose app may only read, signed in at a terminal: one Error: line, a non-zero exit, the env file byte for byte the same")
    func readOnlyBot() async throws {
        try "NETWORK=x\nX_API_BASE_URL=\(server.baseURL.absoluteString)\nBOT_CONSUMER_KEY=ck-readonly\nBOT_CONSUMER_SECRET=cs-readonly\n"
            .write(toFile: scratch.envPath, atomically: false, encoding: .utf8)
        let before = try scratch.envText()
        let refused = try await login("bot", as: "200")
        #expect(refused.status == 1)
        #expect(refused.errorLines.count == 1)
        #expect(refused.errorLines.first?.hasPrefix("Error: the bot's token can only read (x-access-level read)") == true)
        #expect(try scratch.envText() == before)
    }

    @Test("as fake-x runs from a state file: a seeded user's app signs in the account the browser's cookie names")
    func seededAppAndBrowserCookie() async throws {
        let seeded = FakeXServer()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("x-state-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: state) }
        try Data(#"""
            {"users": [{"id": "7", "username": "natsu", "consumer_key": "ck-seed", "consumer_secret": "cs-seed",
                        "access_token": "7-seeded", "access_token_secret": "ts-seed"}]}
            """#.utf8).write(to: state)
        _ = try seeded.load(contentsOf: state)
        try seeded.start()
        defer { seeded.stop() }
        let scratch = try LoginScratch(
            envText: "NETWORK=x\nX_API_BASE_URL=\(seeded.baseURL.absoluteString)\nHUMAN_CONSUMER_KEY=ck-seed\nHUMAN_CONSUMER_SECRET=cs-seed\n")
        let session = try await PseudoTerminal.run(["login", "human"], in: scratch.directory) { screen in
            guard screen.contains("Type the PIN it shows:") else { return nil }
            return await Browser.xPIN(Browser.page(on: screen, containing: "/oauth/authorize?"), cookie: "fake_signed_in_as=natsu") ?? ""
        }
        #expect(session.status == 0, "\(session.shown)")
        #expect(session.shown.contains("Signed in as @natsu on X"))
        let token = EnvFile(text: try scratch.envText()).value(of: "HUMAN_ACCESS_TOKEN")
        #expect(token?.hasPrefix("7-") == true && token != "7-seeded", "a token the PIN flow issued")
    }
}
