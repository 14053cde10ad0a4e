import FakeX
import Foundation
import MirrorBot
import MirrorBotRedis
import Postgres
import TestSupport
import Testing

@Suite("mirror-bot train against the fake X")
struct TrainEndToEndTests {
    @Test("train scheduler stores exactly the non-retweets of a timeline past the cap, once; --force stores nothing twice")
    func trainScheduler() async throws {
        try await DaemonHarness.with { harness in
            try await harness.setUp()
            let before = try await countPosts(harness)
            // 3,500 more posts, every seventh a retweet; X serves only the newest 3,200, and the
            // stored history's posts (stored already: `before`, all within the last month) are the newest of them.
            let start = Date().addingTimeInterval(-3_600 * 24 * 400)
            var expected = 0
            for index in 0..<3_500 {
                let retweet = index % 7 == 0
                let id = harness.server.addTweet(
                    authorID: DaemonHarness.human, text: retweet ? "RT @friend: 元の投稿 \(index)" : "投稿 \(index)",
                    createdAt: start.addingTimeInterval(Double(index) * 3_600), retweetOf: retweet ? "101" : nil)
                _ = id
                if index >= 300 + before, !retweet { expected += 1 }
            }
            let first = try BinaryRunner.run(["train", "scheduler"], environment: harness.environment)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("Trained the scheduler: stored \(expected) new posts of @human"), "\(first.stdout)")
            #expect(try await countPosts(harness) == before + expected)

            let again = try BinaryRunner.run(["train", "scheduler"], environment: harness.environment)
            #expect(again.status == 0)
            #expect(again.stdout.contains("Already trained"))

            let forced = try BinaryRunner.run(["train", "scheduler", "--force"], environment: harness.environment)
            #expect(forced.status == 0)
            #expect(forced.stdout.contains("stored 0 new posts"), "\(forced.stdout)")
            #expect(try await countPosts(harness) == before + expected)
        }
    }

    @Test("train classifier learns likes as favorite and the rest of the home timeline as normal, once each")
    func trainClassifier() async throws {
        try await DaemonHarness.with { harness in
            try await harness.setUp()
            let redis = try TestEnvironment.redisURL()
            let prefix = TestEnvironment.uniqueName("train") + ":"
            var environment = harness.environment
            environment["REDIS_KEY_PREFIX"] = prefix
            harness.server.follow(DaemonHarness.human, DaemonHarness.foodie)
            harness.server.follow(DaemonHarness.human, DaemonHarness.retweeter)
            var liked: [String] = []
            for index in 0..<3 {
                let id = harness.server.addTweet(authorID: DaemonHarness.foodie, text: "ラーメンの写真 \(index)")
                harness.server.addLike(userID: DaemonHarness.human, tweetID: id)
                liked.append(id)
            }
            for index in 0..<3 {
                harness.server.addTweet(authorID: DaemonHarness.retweeter, text: "会議の議事録 \(index)")
            }
            harness.server.addTweet(authorID: DaemonHarness.retweeter, text: "RT @foodie: ラーメンの写真 0", retweetOf: liked[0])

            let first = try BinaryRunner.run(["train", "classifier"], environment: environment)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("learned 3 liked posts as favorite and 3 home-timeline posts as normal"), "\(first.stdout)")
            let classifier = try await TestClassifier.connect(redisURL: redis, keyPrefix: prefix)
            let counts = try await classifier.documentCounts()
            #expect(counts.favorite == 3)
            #expect(counts.normal == 3)

            #expect(try BinaryRunner.run(["train", "classifier"], environment: environment).stdout.contains("Already trained"))
            let forced = try BinaryRunner.run(["train", "classifier", "--force"], environment: environment)
            #expect(forced.stdout.contains("learned 0 liked posts as favorite and 0 home-timeline posts as normal"), "\(forced.stdout)")
            #expect(try await classifier.documentCounts() == counts)

            let cleared = try BinaryRunner.run(["train", "clear", "--yes"], environment: environment)
            #expect(cleared.status == 0, "\(cleared.stderr)")
            #expect(try await countPosts(harness) == 0)
            let after = try await classifier.documentCounts()
            #expect(after.favorite == 0 && after.normal == 0)
            let retrained = try BinaryRunner.run(["train", "classifier"], environment: environment)
            #expect(retrained.stdout.contains("learned 3 liked posts"), "\(retrained.stdout)")
        }
    }

    @Test("train clear without --yes refuses")
    func clearNeedsYes() throws {
        let result = try BinaryRunner.run(["train", "clear"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--yes"))
    }

    private func countPosts(_ harness: DaemonHarness) async throws -> Int {
        try await harness.connection.query("SELECT count(*) AS n FROM posts").first?.decode("n", as: Int.self) ?? -1
    }
}
