import Foundation
import TestSupport
import Testing

@Suite("mirror-bot doctor")
struct DoctorEndToEndTests {
    @Test("with everything in place every check passes")
    func allGood() async throws {
        try await DaemonHarness.ready { harness in
            let (result, lines) = try harness.passingDoctor()
            #expect(lines.filter { $0.hasPrefix("ok    ") }.count == 7)
            // Trained in Redis before any daemon ran: the counts it holds, not yet kept in PostgreSQL.
            #expect(lines.contains { $0.hasPrefix("ok    classifier") && $0.contains("posts learned, not yet kept in PostgreSQL") }, "\(result.stdout)")
            #expect(lines.contains { $0.hasPrefix("ok    x human") && $0.contains("@human") })
            #expect(lines.contains { $0.hasPrefix("ok    x bot") && $0.contains("@mirror") })
            // The fake bot's bio is empty: X's guidelines want it to say the account is automated.
            #expect(lines.contains { $0.hasPrefix("warn  x bot") && $0.contains("does not say it is automated") }, "\(result.stdout)")
            #expect(lines.contains { $0.hasPrefix("ok    take-backs") && $0.contains("0 withdrawn source(s), 0 deleted copies, 0 opted-out people") })
            #expect(lines.last == "All checks passed (1 warning).")
        }
    }

    @Test("a bio saying the X bot is automated passes; the take-backs line counts what PostgreSQL keeps")
    func automatedBioAndCounts() async throws {
        try await DaemonHarness.ready { harness in
            harness.server.setDescription(userID: DaemonHarness.bot, "Automated ｂｏｔ mirroring @human, run by @human")
            try await harness.connection.query("INSERT INTO withdrawn_posts (post_id, withdrawn_at) VALUES ('101', now()), ('102', now())")
            try await harness.connection.query("INSERT INTO deleted_copies (copy_id, source_post_id, deleted_at) VALUES ('9', '101', now())")
            try await harness.connection.query("INSERT INTO opt_outs (author_id, reason) VALUES ('3', 'asked to stop')")
            let (result, lines) = try harness.passingDoctor()
            #expect(lines.contains { $0.hasPrefix("ok    x bot") && $0.contains("bio says it is automated") }, "\(result.stdout)")
            #expect(!lines.contains { $0.hasPrefix("warn") })
            #expect(lines.contains { $0.hasPrefix("ok    take-backs") && $0.contains("2 withdrawn source(s), 1 deleted copy, 1 opted-out person") })
        }
    }

    @Test("bad bot credentials: says which account, without the secret, exit 1")
    func badBotCredentials() async throws {
        try await DaemonHarness.ready { harness in
            let (result, lines) = try harness.failingDoctor("BOT_ACCESS_TOKEN_SECRET", wrong: "wrong-secret-value-123")
            #expect(lines.contains { $0.hasPrefix("ok    x human") })
            #expect(lines.contains { $0.hasPrefix("FAIL  x bot") && $0.contains("401") })
            #expect(result.stdout.contains("1 check failed."))
        }
    }

    @Test("unreachable services and missing credentials each fail on their own line")
    func missingEverything() throws {
        let result = try BinaryRunner.run(["doctor"], environment: [
            "DATABASE_URL": "postgres://u:pw-hidden-77@127.0.0.1:1/db?connect_timeout=2", "REDIS_URL": "redis://127.0.0.1:1",
        ])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("FAIL  postgresql") })
        #expect(lines.contains { $0.hasPrefix("FAIL  redis") })
        #expect(lines.contains { $0.hasPrefix("ok    mecab") })
        #expect(lines.contains { $0.hasPrefix("FAIL  x human") && $0.contains("HUMAN_CONSUMER_KEY is not set") })
        #expect(lines.contains { $0.hasPrefix("FAIL  x bot") && $0.contains("BOT_CONSUMER_KEY is not set") })
        #expect(!result.stdout.contains("pw-hidden-77"))
    }

    @Test("doctor and start ask for the chosen network's credentials only, naming the missing variable in one line", arguments: [
        ("x", "HUMAN_CONSUMER_KEY", "BOT_CONSUMER_KEY"), ("mastodon", "MASTODON_BASE_URL", "MASTODON_BASE_URL"),
        ("bluesky", "HUMAN_BLUESKY_IDENTIFIER", "BOT_BLUESKY_IDENTIFIER"),
    ])
    func missingCredentialsPerNetwork(network: String, human: String, bot: String) throws {
        let environment = [
            "NETWORK": network, "DATABASE_URL": "postgres://127.0.0.1:1/db?connect_timeout=2", "REDIS_URL": "redis://127.0.0.1:1",
        ]
        let doctor = try BinaryRunner.run(["doctor"], environment: environment)
        #expect(doctor.status == 1)
        let lines = doctor.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("FAIL  \(network) human ") && $0.hasSuffix(" \(human) is not set") }, "\(doctor.stdout)")
        #expect(lines.contains { $0.hasPrefix("FAIL  \(network) bot ") && $0.hasSuffix(" \(bot) is not set") }, "\(doctor.stdout)")
        let start = try BinaryRunner.run(["start"], environment: environment)
        #expect(start.status == 78)
        #expect(start.stderr == "Error: \(human) is not set\n")
        if network != "x" {
            #expect(!doctor.stdout.contains("CONSUMER") && !start.stderr.contains("CONSUMER"), "X's keys are not needed on \(network)")
        }
    }
}
