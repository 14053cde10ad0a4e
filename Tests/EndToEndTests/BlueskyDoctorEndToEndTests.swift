import Foundation
import TestSupport
import Testing

extension BlueskyEndToEnd {
    @Suite("mirror-bot doctor on Bluesky and Mastodon: is the bot labeled a bot?", .serialized)
    struct BlueskyDoctorEndToEndTests {
        @Test("a self-labeled Bluesky bot passes every check, with its sessions kept for the next command")
        func labeled() async throws {
            try await BlueskyDaemonHarness.ready { harness in
                let (_, lines) = try harness.passingDoctor()
                #expect(lines.contains { $0.hasPrefix("ok    bluesky human") && $0.contains("@human.test") })
                #expect(lines.contains { $0.hasPrefix("ok    bluesky bot") && $0.contains("@mirror.test") && $0.contains("labeled bot") })
                #expect(!lines.contains { $0.hasPrefix("warn") })
                #expect(lines.last == "All checks passed.")
                _ = try BinaryRunner.run(["doctor"], environment: harness.environment)
                #expect(harness.logins() == 2)
            }
        }

        @Test("a Bluesky bot without the bot self-label gets a warning, not a failure")
        func unlabeled() async throws {
            try await BlueskyDaemonHarness.with { harness in
                try await harness.setUp(botLabeled: false)
                let (_, lines) = try harness.passingDoctor()
                #expect(lines.contains { $0.hasPrefix("warn  bluesky bot") && $0.contains("bot self-label") })
                #expect(lines.last == "All checks passed (1 warning).")
            }
        }

        @Test("a wrong Bluesky app password fails the bot's line without showing it")
        func badPassword() async throws {
            try await BlueskyDaemonHarness.ready { harness in
                let (result, _) = try harness.failingDoctor("BOT_BLUESKY_APP_PASSWORD", wrong: "wron-gapp-pass-word")
                #expect(result.stdout.contains("FAIL  bluesky bot"))
                #expect(result.stdout.contains("Invalid identifier or password"))
            }
        }

        @Test("a Mastodon bot account without the bot flag gets a warning")
        func mastodonBotFlag() async throws {
            try await MastodonDaemonHarness.ready { harness in
                let (result, _) = try harness.passingDoctor()
                #expect(result.stdout.contains("warn  mastodon bot"))
                #expect(result.stdout.contains("not marked as a bot"))
                #expect(result.stdout.contains("may upload pictures (write:media)"), "\(result.stdout)")
            }
        }

        @Test("a Mastodon bot whose app was signed in without write:media is warned; a server that does not say its app's scopes is said unchecked")
        func mastodonWriteMedia() async throws {
            try await MastodonDaemonHarness.ready { harness in
                let token = try #require(harness.environment["BOT_MASTODON_TOKEN"])
                harness.server.setAppScopes(token: token, ["read", "write:statuses", "write:favourites"])
                let (without, _) = try harness.passingDoctor()
                #expect(without.stdout.contains("the bot's app was signed in without write:media"), "\(without.stdout)")
                #expect(without.stdout.contains("mirror-bot login bot"), "\(without.stdout)")
                harness.server.setAppScopes(token: token, ["read", "write:statuses", "write:favourites", "write:media"])
                let (with, _) = try harness.passingDoctor()
                #expect(!with.stdout.contains("without write:media"), "\(with.stdout)")
                #expect(with.stdout.contains("may upload pictures (write:media)"), "\(with.stdout)")
                harness.server.setAppScopesServed(false)
                let (older, _) = try harness.passingDoctor()
                #expect(older.stdout.contains("write:media cannot be checked"), "\(older.stdout)")
            }
        }
    }
}
