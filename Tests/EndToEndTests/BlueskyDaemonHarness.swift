import FakeBluesky
import Foundation
import MirrorBot
import Synchronization
import Testing
import TestSupport

/// The daemon harness on Bluesky: `mirror-bot start` with NETWORK=bluesky against a fake
/// Bluesky on loopback (`NetworkDaemonHarness`: the schema, the history, the classifier).
final class BlueskyDaemonHarness: NetworkDaemonHarness<FakeBlueskyServer> {
    static let human = "did:plc:human00000000000000000000", bot = "did:plc:mirror0000000000000000000"
    static let friend = "did:plc:friend0000000000000000000", stranger = "did:plc:stranger00000000000000000"
    static let foodie = "did:plc:foodie0000000000000000000", booster = "did:plc:booster000000000000000000"
    /// Followed by the bot, but not following it: outside the default like scope.
    static let ramenFan = "did:plc:ramenfan00000000000000000"
    static let humanPassword = "huma-nnnn-pass-word", botPassword = "mirr-orbo-tpas-swrd"
    /// The ramen fan's post of the last `postActivity`, outside the default like scope.
    private let fanRamen = Mutex<String?>(nil)

    /// Builds the world: accounts (the bot self-labeled), follows, the human's stored history
    /// (originals two minutes before now each day, replies to the friend), a trained classifier.
    func setUp(botLabeled: Bool = true) async throws {
        server.addAccount(did: Self.human, handle: "human.test", appPassword: Self.humanPassword)
        server.addAccount(did: Self.bot, handle: "mirror.test", appPassword: Self.botPassword, selfLabels: botLabeled ? ["bot"] : [])
        for (did, handle) in [(Self.friend, "friend"), (Self.stranger, "stranger"), (Self.foodie, "foodie"), (Self.booster, "booster"), (Self.ramenFan, "ramenfan")] {
            server.addAccount(did: did, handle: "\(handle).test", appPassword: "\(handle)-password")
        }
        try server.start()
        for followee in [Self.foodie, Self.booster, Self.ramenFan] { server.follow(Self.bot, followee) }
        for follower in [Self.foodie, Self.booster, Self.friend] { server.follow(follower, Self.bot) }
        try await prepare(friend: Self.friend, network: [
            "NETWORK": "bluesky", "BLUESKY_SERVICE_URL": server.baseURL.absoluteString,
            "HUMAN_BLUESKY_IDENTIFIER": "human.test", "HUMAN_BLUESKY_APP_PASSWORD": Self.humanPassword,
            "BOT_BLUESKY_IDENTIFIER": "mirror.test", "BOT_BLUESKY_APP_PASSWORD": Self.botPassword,
        ]) { [server] post in
            server.addPost(did: Self.human, text: post.text, createdAt: post.createdAt)
        }
    }

    /// Mentions of the bot and posts on its home timeline.
    func addActivity() -> (friendMention: String, strangerMention: String, ramen: String, meeting: String, fanRamen: String) {
        let now = Date()
        let friendMention = server.addPost(did: Self.friend, text: "@mirror.test 元気？", createdAt: now.addingTimeInterval(-50))
        let strangerMention = server.addPost(did: Self.stranger, text: "@mirror.test はじめまして", createdAt: now.addingTimeInterval(-40))
        let ramen = server.addPost(did: Self.foodie, text: "ラーメン屋の新作つけ麺が最高 #ramen", createdAt: now.addingTimeInterval(-30))
        server.addRepost(did: Self.booster, of: ramen, at: now.addingTimeInterval(-20))
        let meeting = server.addPost(did: Self.booster, text: "明日の会議の資料を準備しないと", createdAt: now.addingTimeInterval(-10))
        let fanRamen = server.addPost(did: Self.ramenFan, text: "ラーメン屋の新作つけ麺が最高", createdAt: now.addingTimeInterval(-5))
        return (friendMention, strangerMention, ramen, meeting, fanRamen)
    }

    var replies: [(text: String, parent: String, root: String)] {
        server.writes.compactMap { if case .reply(_, _, let text, let parent, let root) = $0 { (text, parent, root) } else { nil } }
    }

    var posts: [String] {
        server.writes.compactMap { if case .post(_, _, let text, _) = $0 { text } else { nil } }
    }

    var likes: [String] {
        server.writes.compactMap { if case .like(_, let subject) = $0 { subject } else { nil } }
    }

    /// Clears the human's stored originals, from the network too (else learning would store
    /// them again), and returns 20 instants, one a day before today, at the minute the plan makes
    /// due now: posts made then are the only ones near the slot.
    func dueInstants() async throws -> [Date] {
        for row in try await connection.query("SELECT id FROM posts WHERE in_reply_to_user_id IS NULL") {
            server.deletePost(uri: try row.decode("id", as: String.self))
        }
        try await connection.query("DELETE FROM posts WHERE in_reply_to_user_id IS NULL")
        let zone = try #require(TimeZone(identifier: timeZone))
        let minute = (MinuteOfDay.of(Date(), in: zone) - 2 + 1440) % 1440
        return (1...20).map { LocalDate(Date(), in: zone).adding(days: -$0).instant(atMinute: minute, in: zone) }
    }

    func logins(status: Int? = 200) -> Int { server.requestCount(endpoint: "POST com.atproto.server.createSession", status: status) }
    var refreshes: Int { server.requestCount(endpoint: "POST com.atproto.server.refreshSession", status: 200) }
}

extension FakeBlueskyServer: DaemonFake {
    static let pollEndpoints = ["GET app.bsky.notification.listNotifications", "GET app.bsky.feed.getTimeline"]
    static let redisStem = "e2e_b"
    static func forDaemon() -> FakeBlueskyServer { FakeBlueskyServer() }
    func answered(_ endpoint: String) -> Int { requestCount(endpoint: endpoint) }
}

extension BlueskyDaemonHarness: DaemonWriteLog {
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, likes.count, posts.count) }
    var writeCount: Int { server.writes.count }
    var postedTexts: [String] { posts }
    var replyTexts: [String] { replies.map(\.text) }
    func replied(to target: String) -> Bool { replies.contains { $0.parent == target } }
}

extension BlueskyDaemonHarness: NetworkScenarioWorld {
    func setUpWorld() async throws { try await setUp() }

    /// Bluesky's repost has no post of its own: the activity names the ramen post for it.
    func postActivity() -> Activity {
        let posted = addActivity()
        fanRamen.withLock { $0 = posted.fanRamen }
        return Activity(
            friendMention: posted.friendMention, strangerMention: posted.strangerMention, ramen: posted.ramen, repost: posted.ramen,
            meeting: posted.meeting)
    }

    var secretVariables: [String] { ["BOT_BLUESKY_APP_PASSWORD", "HUMAN_BLUESKY_APP_PASSWORD"] }
    func loginEnvText() -> String { "NETWORK=bluesky\nBLUESKY_SERVICE_URL=\(server.baseURL.absoluteString)\n" }

    func loginPerson() -> TerminalPerson.Answer {
        TerminalPerson.bluesky(accounts: ["human": ("human.test", Self.humanPassword), "bot": ("mirror.test", Self.botPassword)])
    }
    var replyTargets: [String] { replies.map(\.parent) }
    var likedPosts: [String] { likes }

    /// The reply in the friend's thread; the fan (who does not follow the bot) never decided
    /// on; two logins in all, and no session token in the output.
    func expectOwnRun(_ activity: Activity, output: String) {
        #expect(replies.first?.root == activity.friendMention)
        #expect(!output.contains("post=\(fanRamen.withLock { $0 } ?? "-")"))
        #expect(logins() == 2)
        #expect(!output.contains("eyJ"))
    }

    /// The sessions kept: no login beyond the first two.
    func expectSessionsKept() { #expect(logins() == 2) }

    func injectFaults() {
        server.setFaultProbability(1.0 / 3.0, fault: .serverError(status: 503))
        server.injectFault(.garbageBody, count: 3)
        server.injectFault(.dropAfterWrite, count: 2, endpoint: "POST com.atproto.repo.createRecord")
    }

    var wrongCredential: (variable: String, value: String, refusal: String)? {
        ("BOT_BLUESKY_APP_PASSWORD", "wron-gapp-pass-word", "Invalid identifier or password")
    }

    /// The one refused login.
    func expectRefusalCounted() { #expect(logins(status: 401) == 1) }
}
