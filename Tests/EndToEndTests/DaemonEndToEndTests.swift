import FakeX
import Foundation
import MirrorBot
import TestSupport
import Testing
import XAPI

@Suite("mirror-bot start against the fake X", .serialized)
struct DaemonEndToEndTests {
    /// Run against FakeX in each of X's dialects, the daemon starting in the other one.
    @Test(
        "posts the planned slot, answers the friend once, ignores the stranger, likes the ramen post but not its retweet",
        arguments: XFieldDialect.allCases)
    func fourBehaviours(server dialect: XFieldDialect) async throws {
        try await DaemonHarness.with { harness in
            harness.server.configure { $0.dialect = dialect }
            try await harness.setUp()
            let activity = harness.addActivity()
            let own = harness.addHumanKinds()
            let heartbeat = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("beat"))
            defer { try? FileManager.default.removeItem(at: heartbeat) }
            let daemon = try harness.startDaemon(["HEARTBEAT_FILE": heartbeat.path, "X_FIELD_DIALECT": dialect.other.rawValue])

            #expect(await harness.waitForEachWrite(), "\(harness.output)")
            // The heartbeat file is touched after successful rounds.
            #expect(await harness.waitFor(10) { FileManager.default.fileExists(atPath: heartbeat.path) })
            let stamp = try String(contentsOf: heartbeat, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(abs(Double(stamp).map { Date().timeIntervalSince1970 - $0 } ?? 999) < 10)
            #expect(await harness.waitForMoreRounds(), "\(harness.output)")

            harness.expectFourWrites(activity)

            let output = harness.output
            // 18 posts learned: FAVORITE_RATE_THRESHOLD=auto is the seed's 3.0, and each decision says so.
            let decisions = output.split(separator: "\n").filter { $0.contains("event=liked") || $0.contains("event=not_liked") }
            #expect(!decisions.isEmpty && decisions.allSatisfy { $0.contains(" threshold=3.000 ") }, "\(decisions)")
            harness.expectFourBehavioursLogged(in: output, passedOver: activity.meeting, secrets: ["BOT_ACCESS_TOKEN_SECRET", "HUMAN_CONSUMER_SECRET"])

            // The dialect was learned from X's refusal, once for both accounts, in X's words.
            let switches = output.split(separator: "\n").filter { $0.contains("event=x_dialect_switch") }
            #expect(switches.count == 1, "\(switches)")
            #expect(switches.first?.contains("from=\(dialect.other.rawValue) to=\(dialect.rawValue)") == true, "\(switches)")
            #expect(switches.first?.contains("is not one of [") == true, "\(switches)")
            // The human's original is learned; the reply as a reply; the retweet not at all.
            #expect(try await harness.storedKinds(own) == .init(original: 1, reply: 1, retweet: 0), "\(harness.output)")

            #expect(harness.stop(daemon) == 0)
            #expect(harness.output.contains("event=stopped"))
            // Awaited here: a teardown still connecting when the test process exits crashes libpq.
            await harness.tearDown()
        }
    }

    @Test("a post and a reply whose answers X lost are found on the bot's timeline, not sent twice")
    func lostReplyResponse() async throws {
        try await DaemonHarness.ready { harness in
            // The first two post requests (the slot's post and the reply, sent at start-up)
            // create their post but answer 503; the retries are refused as duplicates.
            harness.server.injectFault(.lostResponse, count: 2, endpoint: "POST /2/tweets")
            let activity = harness.addActivity()
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=replied ") && harness.output.contains("event=posted ") }, "\(harness.output)")
            #expect(await harness.waitForMoreRounds(), "\(harness.output)")
            #expect(harness.replies.filter { $0.target == activity.friendMention }.count == 1)
            #expect(harness.posts.count == 1)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("when X refuses likes, the daemon says so once and stops reading home timelines (X charges for each post read)")
    func likesForbidden() async throws {
        try await DaemonHarness.ready { harness in
            harness.server.configure { $0.likesForbidden = true }
            _ = harness.addActivity()
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=would_like") }, "\(harness.output)")
            let home = "GET /2/users/:id/timelines/reverse_chronological"
            let mentions = "GET /2/users/:id/mentions"
            func moreMentionRounds() async -> Bool {
                let before = harness.requestCount(mentions)
                return await harness.waitFor(30) { harness.requestCount(mentions) >= before + 3 }
            }
            #expect(await moreMentionRounds(), "\(harness.output)")
            let homeReads = harness.requestCount(home)
            let ramen = harness.server.addTweet(authorID: DaemonHarness.foodie, text: "ラーメン屋の新作つけ麺をまた食べた")
            #expect(await moreMentionRounds(), "\(harness.output)")
            // Issue 27: deciding likes X refuses bought nothing at $0.005 a post; no home timeline is read after.
            #expect(harness.requestCount(home) == homeReads)
            #expect(!harness.output.contains("post=\(ramen) "), "\(harness.output)")
            #expect(harness.output.components(separatedBy: "event=likes_unavailable").count == 2)
            #expect(harness.likes.isEmpty)
            #expect(daemon.isRunning)
            #expect(harness.stop(daemon) == 0)
            // Awaited here: a teardown still connecting when the test process exits crashes libpq.
            await harness.tearDown()
        }
    }

    @Test("DRY_RUN decides and logs but writes nothing to X")
    func dryRun() async throws {
        try await DaemonHarness.ready { harness in
            _ = harness.addActivity()
            let daemon = try harness.startDaemon(["DRY_RUN": "true"])
            #expect(await harness.waitFor(30) {
                let out = harness.output
                return out.contains("event=would_reply") && out.contains("event=would_like") && out.contains("event=would_post")
            }, "\(harness.output)")
            #expect(harness.server.writes.isEmpty)
            #expect(harness.stop(daemon) == 0)
            // Awaited here: a teardown still connecting when the test process exits crashes libpq.
            await harness.tearDown()
        }
    }
}
