import FakeBluesky
import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport

/// `DaemonHarness` for Bluesky: the real `mirror-bot start` process with
/// NETWORK=bluesky against a fake Bluesky on loopback, a migrated private schema
/// with the human's posts, and a trained classifier under a private Redis prefix.
final class BlueskyDaemonHarness: DaemonWorld, @unchecked Sendable {
    static let human = "did:plc:human00000000000000000000", bot = "did:plc:mirror0000000000000000000"
    static let friend = "did:plc:friend0000000000000000000", stranger = "did:plc:stranger00000000000000000"
    static let foodie = "did:plc:foodie0000000000000000000", booster = "did:plc:booster000000000000000000"
    /// Followed by the bot, but not following it: outside the default like scope.
    static let ramenFan = "did:plc:ramenfan00000000000000000"
    static let humanPassword = "huma-nnnn-pass-word", botPassword = "mirr-orbo-tpas-swrd"
    static let friendReplies = DaemonHarness.friendReplies
    static let humanOriginal = DaemonHarness.humanOriginal

    let server = FakeBlueskyServer()
    let pollEndpoints = ["GET app.bsky.notification.listNotifications", "GET app.bsky.feed.getTimeline"]
    func requestCount(_ endpoint: String) -> Int { server.requestCount(endpoint: endpoint) }
    let database: TestDatabase
    let connection: PostgresConnection
    let redisPrefix = TestEnvironment.uniqueName("e2e_b") + ":"
    let timeZone = DaemonHarness.zoneAwayFromMidnight()
    var environment: [String: String] = [:]
    let daemons = DaemonProcesses()

    init() async throws {
        database = try await TestDatabase.make()
        connection = try await database.connect()
        try await Migrator(directory: BinaryRunner.repositoryRoot.appendingPathComponent("migrations")).migrate(connection)
    }

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

        try await DaemonWorldHistory.store(in: connection, timeZone: timeZone, friend: Self.friend) { [server] post in
            server.addPost(did: Self.human, text: post.text, createdAt: post.createdAt)
        }
        let redis = try TestEnvironment.redisURL()
        try await DaemonWorldHistory.trainClassifier(redisURL: redis, keyPrefix: redisPrefix)

        environment = [
            "DATABASE_URL": database.url, "REDIS_URL": redis, "REDIS_KEY_PREFIX": redisPrefix,
            "NETWORK": "bluesky", "BLUESKY_SERVICE_URL": server.baseURL.absoluteString,
            "HUMAN_BLUESKY_IDENTIFIER": "human.test", "HUMAN_BLUESKY_APP_PASSWORD": Self.humanPassword,
            "BOT_BLUESKY_IDENTIFIER": "mirror.test", "BOT_BLUESKY_APP_PASSWORD": Self.botPassword,
            "TIME_ZONE": timeZone, "POLL_INTERVAL_SECONDS": "1",
        ]
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

    func logins(status: Int? = 200) -> Int { server.requestCount(endpoint: "POST com.atproto.server.createSession", status: status) }
    var refreshes: Int { server.requestCount(endpoint: "POST com.atproto.server.refreshSession", status: 200) }

    func tearDown() async {
        daemons.killAll()
        server.stop()
        try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(database.schema) CASCADE")
    }

    static func make() async throws -> BlueskyDaemonHarness { try await BlueskyDaemonHarness() }
}

extension BlueskyDaemonHarness: DaemonWriteLog {
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, likes.count, posts.count) }
    var writeCount: Int { server.writes.count }
    func replied(to target: String) -> Bool { replies.contains { $0.parent == target } }
    func friendMentionsBotAgain() -> String { server.addPost(did: Self.friend, text: "@mirror.test もう一回！") }
}
