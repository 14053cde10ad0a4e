import FakeX
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

/// `mirror-bot login` on NETWORK=x against the fake X: the authorize page read from the output
/// and opened like a browser, the PIN it shows typed back (through the context's input).
@Suite("login on X")
struct LoginXTests {
    let server: FakeXServer
    let scratch: LoginScratch

    init() throws {
        (server, scratch) = try LoginWorlds.x()
    }

    func login(_ arguments: [String], type: @escaping @Sendable (String) -> String = { $0 }) async throws -> [String] {
        try await scratch.login(arguments) { lines in
            await Browser.xPIN(Browser.page(in: lines, containing: "/oauth/authorize?")).map(type)
        }
    }

    @Test("login human then login bot write both access tokens, mode 0600, the consumer keys kept")
    func bothAccounts() async throws {
        server.signInBrowser(userID: "100")
        let lines = try await login(["human"])
        #expect(lines.last?.hasPrefix("Signed in as @haru on X; wrote NETWORK, HUMAN_CONSUMER_KEY") == true)
        server.signInBrowser(userID: "200")
        _ = try await login(["bot"])
        let file = EnvFile(text: try scratch.envText())
        #expect(file.value(of: "HUMAN_ACCESS_TOKEN")?.hasPrefix("100-") == true)
        #expect(file.value(of: "BOT_ACCESS_TOKEN")?.hasPrefix("200-") == true)
        #expect(file.value(of: "BOT_ACCESS_TOKEN_SECRET") != nil)
        #expect(file.value(of: "BOT_CONSUMER_KEY") == "ck-bot")
        #expect(try scratch.envMode() == 0o600)
        #expect(try Configuration(environment: file.values).botCredentials?.accessToken.hasPrefix("200-") == true)
    }

    @Test("a bot whose app may only read is refused, the env file unchanged")
    func readOnlyBot() async throws {
        try "NETWORK=x\nX_API_BASE_URL=\(server.baseURL.absoluteString)\nBOT_CONSUMER_KEY=ck-readonly\nBOT_CONSUMER_SECRET=cs-readonly\n"
            .write(toFile: scratch.envPath, atomically: false, encoding: .utf8)
        server.signInBrowser(userID: "200")
        let before = try scratch.envText()
        let error = await #expect(throws: LoginError.self) { _ = try await login(["bot"]) }
        #expect(error?.description.contains("can only read") == true)
        #expect(try scratch.envText() == before)
    }

    @Test("a wrong PIN is refused, the env file unchanged")
    func wrongPIN() async throws {
        server.signInBrowser(userID: "100")
        let before = try scratch.envText()
        let error = await #expect(throws: LoginError.self) { _ = try await login(["human"]) { _ in "0000000x" } }
        #expect(error?.description == "trading the PIN at X failed: HTTP 401; nothing was written")
        #expect(try scratch.envText() == before)
    }

    @Test("the bot signed in as the human is refused, the env file unchanged")
    func sameAccount() async throws {
        server.signInBrowser(userID: "100")
        _ = try await login(["human"])
        let before = try scratch.envText()
        await #expect(throws: LoginError.self) { _ = try await login(["bot"]) }
        #expect(try scratch.envText() == before)
    }
}
