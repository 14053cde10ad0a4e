import FakeMastodon
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

/// The env file both terminal sign-ins leave is one the bot runs on: with the suite's
/// PostgreSQL (a private schema) and Redis, the built `migrate` and `doctor` pass.
@Suite("login at a pseudo-terminal, then doctor")
struct LoginTerminalDoctorTests {
    /// Runs the built `migrate` and `doctor` on the env file's values plus the services; expects
    /// both to pass and doctor to name the two accounts.
    func expectDoctorPasses(_ scratch: LoginScratch, network: String, human: String, bot: String) async throws {
        let database = try await TestDatabase.make()
        var environment = EnvFile(text: try scratch.envText()).values
        environment["DATABASE_URL"] = database.url
        environment["REDIS_URL"] = try TestEnvironment.redisURL()
        environment["REDIS_KEY_PREFIX"] = TestEnvironment.uniqueName("login") + ":"
        let env = environment
        let migrate = try await onOwnThread { try BinaryRunner.run(["migrate"], environment: env) }
        let doctor = try await onOwnThread { try BinaryRunner.run(["doctor"], environment: env) }
        try await database.drop()

        #expect(migrate.status == 0, "\(migrate.stderr)")
        #expect(doctor.status == 0, "\(doctor.stdout)")
        let lines = doctor.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ok    \(network) human") && $0.contains(human) }, "\(doctor.stdout)")
        #expect(lines.contains { $0.hasPrefix("ok    \(network) bot") && $0.contains(bot) }, "\(doctor.stdout)")
        #expect(lines.last?.hasPrefix("All checks passed") == true)
    }

    @Test("after login human and login bot at a terminal on Mastodon, migrate and doctor exit 0 on the env file's values")
    func mastodon() async throws {
        let server = try LoginMastodonTests.twoAccounts()
        defer { server.stop() }
        let scratch = try LoginScratch(envText: "NETWORK=mastodon\nMASTODON_BASE_URL=\(server.baseURL.absoluteString)\n")
        let sessions = try await LoginTerminalProcessTests.signBothIn(server, in: scratch.directory)
        try #require(sessions.map(\.status) == [0, 0])
        try await expectDoctorPasses(scratch, network: "mastodon", human: "@alice", bot: "@mirror")
    }

    @Test("after both logins at a terminal on X, migrate and doctor exit 0 on the env file's values")
    func x() async throws {
        let world = try LoginTerminalXTests()
        let sessions = [try await world.login("human", as: "100"), try await world.login("bot", as: "200")]
        try #require(sessions.map(\.status) == [0, 0])
        try await expectDoctorPasses(world.scratch, network: "x", human: "@haru", bot: "@haru_mirror")
        withExtendedLifetime(world) {}
    }

    @Test("after both logins at a terminal on Misskey, migrate and doctor exit 0 on the env file's values")
    func misskey() async throws {
        let world = try LoginTerminalMisskeyTests()
        let sessions = [try await world.login("human", as: world.human), try await world.login("bot", as: world.bot)]
        try #require(sessions.map(\.status) == [0, 0])
        try await expectDoctorPasses(world.scratch, network: "misskey", human: "@haru", bot: "@haru_mirror")
        withExtendedLifetime(world) {}
    }

    @Test("after both logins at a terminal on Bluesky, migrate and doctor exit 0 on the env file's values")
    func bluesky() async throws {
        let world = try LoginTerminalBlueskyTests()
        let sessions = [
            try await world.login("human", handle: "haru.test", password: "aaaa-bbbb-cccc-dddd"),
            try await world.login("bot", handle: "haru-mirror.test", password: "eeee-ffff-gggg-hhhh"),
        ]
        try #require(sessions.map(\.status) == [0, 0])
        try await expectDoctorPasses(world.scratch, network: "bluesky", human: "@haru.test", bot: "@haru-mirror.test")
        withExtendedLifetime(world) {}
    }
}
