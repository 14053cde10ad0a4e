import FakeMastodon
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotRedis
import Postgres
import TestSupport

/// `DaemonHarness` for Mastodon: the real `mirror-bot start` process with
/// NETWORK=mastodon against a fake Mastodon on loopback, a migrated private
/// schema with the human's posts, and a trained classifier under a private Redis prefix.
final class MastodonDaemonHarness: DaemonWorld, @unchecked Sendable {
    static let human = "1", bot = "2", friend = "3", stranger = "4", foodie = "5", booster = "6"
    static let friendReplies = DaemonHarness.friendReplies
    static let humanOriginal = DaemonHarness.humanOriginal

    let server = FakeMastodonServer()
    let pollEndpoints = ["GET /api/v1/notifications", "GET /api/v1/timelines/home"]
    func requestCount(_ endpoint: String) -> Int { server.requestCount(endpoint: endpoint) }
    let database: TestDatabase
    let connection: PostgresConnection
    let redisPrefix = TestEnvironment.uniqueName("e2e_m") + ":"
    let timeZone = DaemonHarness.zoneAwayFromMidnight()
    var environment: [String: String] = [:]
    let daemons = DaemonProcesses()

    init() async throws {
        database = try await TestDatabase.make()
        connection = try await database.connect()
        try await Migrator(directory: BinaryRunner.repositoryRoot.appendingPathComponent("migrations")).migrate(connection)
    }

    /// Builds the world: accounts, follows, the human's stored history (originals
    /// two minutes before now each day, replies to the friend), a trained classifier.
    func setUp() async throws {
        let humanToken = server.addAccount(id: Self.human, username: "human")
        let botToken = server.addAccount(id: Self.bot, username: "mirror")
        server.addAccount(id: Self.friend, username: "friend")
        server.addAccount(id: Self.stranger, username: "stranger")
        server.addAccount(id: Self.foodie, username: "foodie")
        server.addAccount(id: Self.booster, username: "booster")
        try server.start()
        server.follow(Self.bot, Self.foodie)
        server.follow(Self.bot, Self.booster)

        try await DaemonWorldHistory.store(in: connection, timeZone: timeZone, friend: Self.friend) { [server] post in
            server.addStatus(id: post.id, accountID: Self.human, text: post.text, createdAt: post.createdAt)
        }
        let redis = try TestEnvironment.redisURL()
        try await DaemonWorldHistory.trainClassifier(redisURL: redis, keyPrefix: redisPrefix)

        environment = DaemonWorldHistory.environment(database: database.url, redis: redis, prefix: redisPrefix, timeZone: timeZone)
            .merging([
                "NETWORK": "mastodon", "MASTODON_BASE_URL": server.baseURL.absoluteString,
                "HUMAN_MASTODON_TOKEN": humanToken, "BOT_MASTODON_TOKEN": botToken,
            ]) { $1 }
    }



    var replies: [(text: String, target: String)] {
        server.writes.compactMap { if case .reply(_, _, let text, let target) = $0 { (text, target) } else { nil } }
    }

    var posts: [(text: String, visibility: String)] {
        server.writes.compactMap { if case .post(_, _, let text, let visibility) = $0 { (text, visibility) } else { nil } }
    }

    var favourites: [String] {
        server.writes.compactMap { if case .favourite(_, let status) = $0 { status } else { nil } }
    }

    func tearDown() async {
        daemons.killAll()
        server.stop()
        try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(database.schema) CASCADE")
    }

    static func make() async throws -> MastodonDaemonHarness { try await MastodonDaemonHarness() }
}

extension MastodonDaemonHarness: DaemonWriteLog {
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, favourites.count, posts.count) }
    var writeCount: Int { server.writes.count }
    func replied(to target: String) -> Bool { replies.contains { $0.target == target } }
    func friendMentionsBotAgain() -> String { server.addStatus(accountID: Self.friend, text: "@mirror もう一回！") }
}

extension MastodonDaemonHarness: ActivityPosting {
    var ramenText: String { "ラーメン屋の新作つけ麺が最高 #ramen" }
    /// A boost carries no text of its own.
    func post(as author: String, _ text: String, secondsAgo: Double, repostOf: String?) -> String {
        server.addStatus(accountID: author, text: repostOf == nil ? text : "", createdAt: Date().addingTimeInterval(-secondsAgo), reblogOf: repostOf)
    }
}
