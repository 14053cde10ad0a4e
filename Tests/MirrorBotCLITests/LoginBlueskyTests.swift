import FakeBluesky
import Foundation
@testable import MirrorBotCLI
import Testing

/// `mirror-bot login` on NETWORK=bluesky against the fake PDS: the handle and the app password
/// typed at the prompts (through the context's input, not a pseudo-terminal).
@Suite("login on Bluesky")
struct LoginBlueskyTests {
    let server: FakeBlueskyServer
    let scratch: LoginScratch

    init() throws {
        (server, scratch) = try LoginWorlds.bluesky()
    }

    func login(_ arguments: [String], handle: String, password: String) async throws -> [String] {
        try await scratch.login(arguments) { lines in
            lines.last?.hasPrefix("Handle") == true ? handle : password
        }
    }

    @Test("login human then login bot write each DID and app password, mode 0600, the other lines kept; no password printed")
    func bothAccounts() async throws {
        let lines = try await login(["human"], handle: "@haru.test", password: "aaaa-bbbb-cccc-dddd")
        _ = try await login(["bot"], handle: "haru-mirror.test", password: "eeee-ffff-gggg-hhhh")
        #expect(try scratch.envText() == """
            NETWORK=bluesky
            BLUESKY_SERVICE_URL=\(server.baseURL.absoluteString)
            HUMAN_BLUESKY_IDENTIFIER=did:plc:haru
            HUMAN_BLUESKY_APP_PASSWORD=aaaa-bbbb-cccc-dddd
            BOT_BLUESKY_IDENTIFIER=did:plc:mirror
            BOT_BLUESKY_APP_PASSWORD=eeee-ffff-gggg-hhhh

            """)
        #expect(try scratch.envMode() == 0o600)
        #expect(!lines.joined().contains("aaaa-bbbb"))
    }

    @Test("a wrong app password is refused, the env file unchanged")
    func wrongPassword() async throws {
        let before = try scratch.envText()
        let error = await #expect(throws: LoginError.self) {
            _ = try await login(["human"], handle: "haru.test", password: "wrong-wrong-wrong")
        }
        #expect(error?.description.contains("AuthenticationRequired") == true)
        #expect(error?.description.contains("wrong-wrong") == false)
        #expect(try scratch.envText() == before)
    }

    @Test("the bot signed in as the human is refused, the env file unchanged")
    func sameAccount() async throws {
        _ = try await login(["human"], handle: "haru.test", password: "aaaa-bbbb-cccc-dddd")
        let before = try scratch.envText()
        await #expect(throws: LoginError.self) {
            _ = try await login(["bot"], handle: "haru.test", password: "aaaa-bbbb-cccc-dddd")
        }
        #expect(try scratch.envText() == before)
    }
}
