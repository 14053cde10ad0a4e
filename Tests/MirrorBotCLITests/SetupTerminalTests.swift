import FakeMastodon
import Foundation
@testable import MirrorBotCLI
import Synchronization
import Testing
import TestSupport

/// The built `mirror-bot setup` on Mastodon at a real pseudo-terminal, from an env file holding
/// only DATABASE_URL (a private schema of the suite's PostgreSQL) and REDIS_URL: the person
/// answers the network and the server, signs both accounts in, and setup migrates and runs doctor.
@Suite("setup at a pseudo-terminal")
struct SetupTerminalTests {
    let server: FakeMastodonServer
    let database: TestDatabase
    let scratch: LoginScratch

    init() async throws {
        server = try LoginMastodonTests.twoAccounts()
        database = try await TestDatabase.make()
        scratch = try LoginScratch(
            envText: "DATABASE_URL=\(EnvFile.quote(database.url))\nREDIS_URL=\(EnvFile.quote(try TestEnvironment.redisURL()))\n")
        // Run where the migrations are, as from a checkout or the image's /app.
        try FileManager.default.createSymbolicLink(
            atPath: scratch.directory + "/migrations", withDestinationPath: BinaryRunner.repositoryRoot.appendingPathComponent("migrations").path)
    }

    func setup(answer: @escaping @Sendable (String) async -> String?) async throws -> PseudoTerminal.Session {
        try await PseudoTerminal.run(["setup"], in: scratch.directory, answer: answer)
    }

    /// A person's answers: the network, the server, and each account's code from the page opened
    /// signed in as that account; `atBotsCode` replaces the bot's code (nil: the code). `asked`
    /// hears each question answered: network, server, human, bot.
    func person(atBotsCode: String? = nil, asked: @escaping @Sendable (String) -> Void = { _ in }) -> @Sendable (String) async -> String? {
        { [server] screen in
            if screen.contains("Network (x, mastodon, misskey, bluesky)") {
                asked("network")
                return "mastodon"
            }
            if screen.contains("The Mastodon server both accounts are on") {
                asked("server")
                return server.baseURL.absoluteString
            }
            guard screen.contains("Paste the authorization code") else { return nil }
            let bot = screen.contains("as the bot's account")
            asked(bot ? "bot" : "human")
            if bot, let atBotsCode { return atBotsCode }
            server.signInBrowser(accountID: bot ? "2" : "1")
            return await Browser.mastodonCode(Browser.page(on: screen, containing: "/oauth/authorize?")) ?? ""
        }
    }

    @Test("asks the network and server, signs both in, migrates, doctor passes, says how to train and start; exit 0")
    func firstHour() async throws {
        let asked = Mutex<[String]>([])
        let session = try await setup(answer: person { question in asked.withLock { $0.append(question) } })
        try await database.drop()
        #expect(session.status == 0, "\(session.shown)")
        #expect(asked.withLock { $0 } == ["network", "server", "human", "bot"])
        #expect(session.shown.contains("Signed in as @alice on 127.0.0.1"))
        #expect(session.shown.contains("Signed in as @mirror on 127.0.0.1"))
        #expect(session.lines.contains { $0.hasPrefix("All checks passed") }, "\(session.shown)")
        #expect(session.shown.contains("mirror-bot train scheduler && mirror-bot train classifier"))
        #expect(session.shown.contains("DRY_RUN=true mirror-bot start"))
        #expect(session.errorLines.isEmpty)
        let file = EnvFile(text: try scratch.envText())
        #expect(file.value(of: "NETWORK") == "mastodon")
        #expect(file.value(of: "DATABASE_URL") == database.url)
        #expect(file.value(of: "HUMAN_MASTODON_TOKEN") != nil && file.value(of: "BOT_MASTODON_TOKEN") != nil)
        #expect(try scratch.envMode() == 0o600)
    }

    @Test("interrupted at the bot's sign-in (Ctrl-D), it stops non-zero; run again, it skips the human and finishes")
    func resumes() async throws {
        let stopped = try await setup(answer: person(atBotsCode: PseudoTerminal.endOfInput))
        let afterStop = EnvFile(text: try scratch.envText())
        let asked = Mutex<[String]>([])
        let resumed = try await setup(answer: person { question in asked.withLock { $0.append(question) } })
        try await database.drop()

        #expect(stopped.status != 0)
        #expect(stopped.errorLines == ["Error: no code was typed; nothing was written"])
        #expect(afterStop.value(of: "HUMAN_MASTODON_TOKEN") != nil)
        #expect(afterStop.value(of: "BOT_MASTODON_TOKEN") == nil)

        #expect(resumed.status == 0, "\(resumed.shown)")
        #expect(asked.withLock { $0 } == ["bot"], "only the bot's sign-in is asked again")
        #expect(resumed.shown.contains("The human's account is signed in already"))
        #expect(resumed.lines.contains { $0.hasPrefix("All checks passed") }, "\(resumed.shown)")
        let file = EnvFile(text: try scratch.envText())
        #expect(file.value(of: "HUMAN_MASTODON_TOKEN") == afterStop.value(of: "HUMAN_MASTODON_TOKEN"))
        #expect(file.value(of: "BOT_MASTODON_TOKEN") != nil)
    }
}
