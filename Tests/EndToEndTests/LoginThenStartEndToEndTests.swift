import Foundation
import TestSupport
import Testing

extension NetworkScenarioWorld {
    /// `mirror-bot login human`, then `login bot`, each at its own pseudo-terminal in a new folder
    /// whose `.env` holds `loginEnvText()`; the folder, and the two sessions.
    func signBothInAtTerminal() async throws -> (directory: String, sessions: [PseudoTerminal.Session]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("login")).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try loginEnvText().write(toFile: directory + "/.env", atomically: false, encoding: .utf8)
        var sessions: [PseudoTerminal.Session] = []
        for role in ["human", "bot"] {
            sessions.append(try await PseudoTerminal.run(["login", role], in: directory, answer: loginPerson()))
        }
        return (directory, sessions)
    }

    /// The value of `key` in the env file at `path` (its quotes taken off), as written by `login`.
    func envFileValue(_ key: String, in path: String) throws -> String? {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix(key + "=") }
            .map { $0.dropFirst(key.count + 1).trimmingCharacters(in: CharacterSet(charactersIn: "'\"")) }
    }
}

/// The first hour's promise: the env file both sign-ins at a terminal wrote is the one the bot
/// runs on. The daemon starts from a shell that sources it, over the world's environment with
/// every account's credentials taken out, so each one it uses came from `login`.
@Suite("login at a pseudo-terminal, then start on the env file it wrote", .serialized)
struct LoginThenStartEndToEndTests {
    @Test("both accounts signed in at a terminal; start posts the planned slot, answers the friend and likes the ramen post",
          arguments: DaemonNetwork.allCases)
    func startsOnTheWrittenFile(on network: DaemonNetwork) async throws {
        try await network.world { world in
            let (directory, sessions) = try await world.signBothInAtTerminal()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try #require(sessions.map(\.status) == [0, 0], "\(sessions.map(\.shown))")
            let envFile = directory + "/.env"
            let withoutAccounts = world.environment.filter { !$0.key.hasPrefix("HUMAN_") && !$0.key.hasPrefix("BOT_") }
            let activity = world.postActivity()
            let daemon = try world.daemons.start(withoutAccounts, sourcing: envFile)
            // The credentials are in the file, not in the environment the secrets are looked up in.
            let output = await world.expectFourBehaviours(activity, on: network, secrets: [])
            for secret in world.secretVariables {
                let value = try #require(try world.envFileValue(secret, in: envFile), "\(secret) written by login")
                #expect(!output.contains(value), "\(secret) never logged")
            }
            #expect(world.stop(daemon) == 0)
        }
    }
}
