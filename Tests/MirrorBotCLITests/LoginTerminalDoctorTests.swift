import FakeMastodon
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

/// The env file both terminal sign-ins leave is one the bot runs on: with the suite's
/// PostgreSQL (a private schema) and Redis, the built `migrate` and `doctor` pass.
@Suite("login at a pseudo-terminal, then doctor")
struct LoginTerminalDoctorTests {
    @Test("after login human and login bot at a terminal on Mastodon, migrate and doctor exit 0 on the env file's values")
    func doctorPasses() async throws {
        let server = try LoginMastodonTests.twoAccounts()
        defer { server.stop() }
        let scratch = try LoginScratch(envText: "NETWORK=mastodon\nMASTODON_BASE_URL=\(server.baseURL.absoluteString)\n")
        let sessions = try await LoginTerminalProcessTests.signBothIn(server, in: scratch.directory)
        try #require(sessions.map(\.status) == [0, 0])

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
        #expect(lines.contains { $0.hasPrefix("ok    mastodon human") && $0.contains("@alice") }, "\(doctor.stdout)")
        #expect(lines.contains { $0.hasPrefix("ok    mastodon bot") && $0.contains("@mirror") }, "\(doctor.stdout)")
        #expect(lines.last?.hasPrefix("All checks passed") == true)
    }
}
