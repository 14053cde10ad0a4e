import FakeMisskey
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotRedis
import Postgres
import TestSupport

/// `DaemonHarness` for Misskey: the real `mirror-bot start` process with NETWORK=misskey
/// against a FakeMisskey on loopback (misskey.io's rules on), a migrated private schema with
/// the human's posts, and a trained classifier under a private Redis prefix.
final class MisskeyDaemonHarness: DaemonWorld, @unchecked Sendable {
    static let human = "1", bot = "2", friend = "3", stranger = "4", foodie = "5", booster = "6"
    static let friendReplies = DaemonHarness.friendReplies
    static let humanOriginal = DaemonHarness.humanOriginal

    let server = FakeMisskeyServer()
    let pollEndpoints = ["POST /api/i/notifications", "POST /api/notes/timeline"]
    func requestCount(_ endpoint: String) -> Int { server.requestCount(endpoint: endpoint) }
    let database: TestDatabase
    let connection: PostgresConnection
    let redisPrefix = TestEnvironment.uniqueName("e2e_mk") + ":"
    let timeZone = DaemonHarness.zoneAwayFromMidnight()
    var environment: [String: String] = [:]
    let daemons = DaemonProcesses()

    init() async throws {
        database = try await TestDatabase.make()
        connection = try await database.connect()
        try await Migrator(directory: BinaryRunner.repositoryRoot.appendingPathComponent("migrations")).migrate(connection)
    }

    /// Builds the world: users (the bot flagged isBot), follows, the human's stored history,
    /// a trained classifier.
    func setUp() async throws {
        let human = server.addUser(id: Self.human, username: "human")
        let bot = server.addUser(id: Self.bot, username: "mirror", isBot: true)
        for (id, name) in [(Self.friend, "friend"), (Self.stranger, "stranger"), (Self.foodie, "foodie"), (Self.booster, "booster")] {
            server.addUser(id: id, username: name)
        }
        // The daemons here poll every second, two at once in one scenario: Misskey's 30 per 30 s
        // would hold the reply loop in rate-limit waits, which its own test shows.
        server.setRateLimit(endpoint: "i/notifications", max: 600, duration: 30)
        try server.start()
        server.follow(Self.bot, Self.foodie)
        server.follow(Self.bot, Self.booster)

        try await DaemonWorldHistory.store(in: connection, timeZone: timeZone, friend: Self.friend) { [server] post in
            server.addNote(userId: Self.human, text: post.text, at: post.createdAt)
        }
        let redis = try TestEnvironment.redisURL()
        try await DaemonWorldHistory.trainClassifier(redisURL: redis, keyPrefix: redisPrefix)

        environment = DaemonWorldHistory.environment(database: database.url, redis: redis, prefix: redisPrefix, timeZone: timeZone)
            .merging([
                "NETWORK": "misskey", "MISSKEY_BASE_URL": server.baseURL.absoluteString,
                "HUMAN_MISSKEY_TOKEN": human.token, "BOT_MISSKEY_TOKEN": bot.token,
            ]) { $1 }
    }

    var replies: [(text: String, target: String, visibility: String)] {
        server.writes.compactMap { if case .reply(_, _, let target, let text, let visibility) = $0 { (text, target, visibility) } else { nil } }
    }

    var notes: [(text: String, visibility: String)] {
        server.writes.compactMap { if case .note(_, _, let text, let visibility) = $0 { (text, visibility) } else { nil } }
    }

    var reactions: [(note: String, reaction: String)] {
        server.writes.compactMap { if case .reaction(_, let note, let reaction) = $0 { (note, reaction) } else { nil } }
    }

    func tearDown() async {
        daemons.killAll()
        server.stop()
        try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(database.schema) CASCADE")
    }

    static func make() async throws -> MisskeyDaemonHarness { try await MisskeyDaemonHarness() }
}

extension MisskeyDaemonHarness: DaemonWriteLog {
    /// The notes the fake made (an idempotent repeat returns the old note and is no write).
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, reactions.count, notes.count) }
    var writeCount: Int { server.writes.count }
    func replied(to target: String) -> Bool { replies.contains { $0.target == target } }
    func friendMentionsBotAgain() -> String { server.addNote(userId: Self.friend, text: "@mirror もう一回！") }
}

extension MisskeyDaemonHarness: ActivityPosting {
    var ramenText: String { "ラーメン屋の新作つけ麺が最高 #ramen" }
    /// A pure renote carries no text of its own.
    func post(as author: String, _ text: String, secondsAgo: Double, repostOf: String?) -> String {
        server.addNote(userId: author, text: repostOf == nil ? text : nil, renoteId: repostOf, at: Date().addingTimeInterval(-secondsAgo))
    }
}
