import Foundation
@testable import MirrorBotCLI
import Synchronization
import Testing
import TestSupport

/// The built `mirror-bot setup` at a real pseudo-terminal on each network's fake, from an env file
/// holding only DATABASE_URL (a private schema of the suite's PostgreSQL), REDIS_URL and the fake's
/// address where setup does not ask for it: the person answers what setup asks, signs both
/// accounts in, and setup migrates and runs doctor.
@Suite("setup at a pseudo-terminal")
struct SetupTerminalTests {
    /// `world`'s fake, a private schema, and a scratch folder whose env file holds its URL,
    /// REDIS_URL and `world.preset`, where `body` runs; torn down after.
    func scratch(_ network: String, _ body: (SetupWorld, LoginScratch) async throws -> Void) async throws {
        let world = try SetupWorld.make(network)
        defer { world.stop() }
        let database = try await TestDatabase.make()
        let scratch = try LoginScratch(
            envText: "DATABASE_URL=\(EnvFile.quote(database.url))\nREDIS_URL=\(EnvFile.quote(try TestEnvironment.redisURL()))\n\(world.preset)")
        // Run where the migrations are, as from a checkout or the image's /app.
        try FileManager.default.createSymbolicLink(
            atPath: scratch.directory + "/migrations", withDestinationPath: BinaryRunner.repositoryRoot.appendingPathComponent("migrations").path)
        do {
            try await body(world, scratch)
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
        #expect(EnvFile(text: try scratch.envText()).value(of: "DATABASE_URL") == database.url)
    }

    func setup(in scratch: LoginScratch, answer: @escaping TerminalPerson.Answer) async throws -> PseudoTerminal.Session {
        try await PseudoTerminal.run(["setup"], in: scratch.directory, answer: answer)
    }

    /// Whether the env file `text` holds each account's credentials (all of `SetupCommand.credentialKeys`), human then bot.
    func signedIn(_ text: String, _ network: String) -> [Bool] {
        let file = EnvFile(text: text)
        return [LoginRole.human, .bot].map { role in
            SetupCommand.credentialKeys(network, role: role).allSatisfy { !(file.value(of: $0) ?? "").isEmpty }
        }
    }

    @Test("asks what the network needs, signs both in, migrates, doctor passes, says how to train and start; exit 0",
          arguments: ["mastodon", "x", "misskey", "bluesky"])
    func firstHour(network: String) async throws {
        try await scratch(network) { world, scratch in
            let asked = Mutex<[String]>([])
            let session = try await setup(in: scratch, answer: world.person { question in asked.withLock { $0.append(question) } })
            #expect(session.status == 0, "\(session.shown)")
            #expect(asked.withLock { $0 } == world.questions.map(\.label) + ["human", "bot"])
            for line in world.signedIn { #expect(session.shown.contains(line), "\(session.shown)") }
            #expect(session.lines.contains { $0.hasPrefix("All checks passed") }, "\(session.shown)")
            #expect(session.shown.contains("mirror-bot train scheduler && mirror-bot train classifier"))
            #expect(session.shown.contains("DRY_RUN=true mirror-bot start"))
            #expect(session.errorLines.isEmpty)
            for secret in world.questions where secret.label.hasSuffix("secret") {
                #expect(!session.shown.contains(secret.answer), "the \(secret.label) is typed unseen, as an app password")
            }
            #expect(EnvFile(text: try scratch.envText()).value(of: "NETWORK") == network)
            #expect(signedIn(try scratch.envText(), network) == [true, true])
            #expect(try scratch.envMode() == 0o600)
        }
    }

    @Test("interrupted at the bot's sign-in (Ctrl-D), it stops non-zero; run again, it skips what is done and finishes",
          arguments: ["mastodon", "x", "misskey", "bluesky"])
    func resumes(network: String) async throws {
        try await scratch(network) { world, scratch in
            let stopped = try await setup(in: scratch, answer: world.person(stopAt: "bot"))
            let afterStop = try scratch.envText()
            let asked = Mutex<[String]>([])
            let resumed = try await setup(in: scratch, answer: world.person { question in asked.withLock { $0.append(question) } })

            #expect(stopped.status != 0)
            #expect(stopped.errorLines == [world.endOfInputError])
            #expect(signedIn(afterStop, network) == [true, false])

            #expect(resumed.status == 0, "\(resumed.shown)")
            #expect(asked.withLock { $0 } == ["bot"], "only the bot's sign-in is asked again")
            #expect(resumed.shown.contains("The human's account is signed in already"))
            #expect(resumed.lines.contains { $0.hasPrefix("All checks passed") }, "\(resumed.shown)")
            let human = SetupCommand.credentialKeys(network, role: .human)
            let file = EnvFile(text: try scratch.envText()), before = EnvFile(text: afterStop)
            #expect(human.map { file.value(of: $0) } == human.map { before.value(of: $0) }, "the human's sign-in is kept")
            #expect(signedIn(try scratch.envText(), network) == [true, true])
        }
    }
}
