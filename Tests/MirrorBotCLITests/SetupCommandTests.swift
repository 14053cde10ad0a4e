import FakeMastodon
import Foundation
import Synchronization
@testable import MirrorBotCLI
import Testing
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `mirror-bot setup` on Mastodon with a scripted person (through the context's input): the
/// network and server asked, both sign-ins, then migrate (refused here: no database), and a
/// second run that skips what is done.
@Suite("setup")
struct SetupCommandTests {
    let server: FakeMastodonServer
    let scratch: LoginScratch

    init() throws {
        server = try LoginMastodonTests.twoAccounts()
        scratch = try LoginScratch(envText: "DATABASE_URL=postgres://127.0.0.1:1/nothing\n")
    }

    func setup(_ answers: @escaping @Sendable ([String]) async -> String?, terminal: Bool = true) async throws -> [String] {
        var command = try SetupCommand(arguments: ["--env-file", scratch.envPath])
        command.isTerminal = { terminal }
        return try await scratch.runCommand(command, answer: answers)
    }

    @Test("asks the network and server, signs both in, stops at migrate without a database; a second run skips the sign-ins")
    func resumable() async throws {
        let base = server.baseURL.absoluteString
        let answers: @Sendable ([String]) async -> String? = { [server] lines in
            guard let last = lines.last else { return nil }
            if last.hasPrefix("Network") { return "mastodon" }
            if last.hasPrefix("The Mastodon server") { return base }
            let role = lines.last { $0.hasPrefix("Open this page") }?.contains("human's") == true ? "1" : "2"
            server.signInBrowser(accountID: role)
            return await Browser.mastodonCode(Browser.page(in: lines, containing: "/oauth/authorize?"))
        }
        await #expect(throws: (any Error).self) { _ = try await setup(answers) }
        let file = EnvFile(text: try scratch.envText())
        #expect(file.value(of: "NETWORK") == "mastodon")
        #expect(file.value(of: "HUMAN_MASTODON_TOKEN") != nil)
        #expect(file.value(of: "BOT_MASTODON_TOKEN") != nil)
        #expect(try scratch.envMode() == 0o600)

        let before = try scratch.envText()
        let askedAgain = Mutex(false)
        await #expect(throws: (any Error).self) {
            _ = try await setup { _ in
                askedAgain.withLock { $0 = true }
                return nil
            }
        }
        #expect(askedAgain.withLock { $0 } == false)
        #expect(try scratch.envText() == before)
    }

    @Test("without a terminal it says what to set and fails")
    func noTerminal() async throws {
        let error = await #expect(throws: LoginError.self) { _ = try await setup({ _ in nil }, terminal: false) }
        #expect(error?.description.hasPrefix("setup needs a terminal") == true)
    }
}
