import FakeX
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotRedis
import Postgres
import Synchronization
import TestSupport
import XAPI

/// A world for the real `mirror-bot start` process: a fake X on loopback with
/// a human, a bot and their acquaintances, a migrated private schema with the
/// human's posts, and a trained classifier under a private Redis prefix.
final class DaemonHarness: DaemonWorld, @unchecked Sendable {
    static let human = "1", bot = "2", friend = "3", stranger = "4", foodie = "5", retweeter = "6"
    static let friendReplies = DaemonWorldHistory.friendReplies
    static let humanOriginal = DaemonWorldHistory.humanOriginal

    let server = FakeXServer()
    let pollEndpoints = ["GET /2/users/:id/mentions", "GET /2/users/:id/timelines/reverse_chronological"]
    func requestCount(_ endpoint: String) -> Int { server.requestCount(endpoint: endpoint) }
    let database: TestDatabase
    let connection: PostgresConnection
    let redisPrefix = TestEnvironment.uniqueName("e2e") + ":"
    let timeZone: String
    var environment: [String: String] = [:]
    let daemons = DaemonProcesses()
    private let tornDown = Mutex(false)

    /// In the suite's PostgreSQL, or in the server at `databaseBase` (a test's own, which it may stop).
    init(databaseBase: String? = nil) async throws {
        database = try await TestDatabase.make(base: databaseBase)
        connection = try await database.connect()
        try await Migrator(directory: BinaryRunner.repositoryRoot.appendingPathComponent("migrations")).migrate(connection)
        timeZone = Self.zoneAwayFromMidnight()
    }

    /// Builds the world; `originalMinutesAgo` places the human's originals that many minutes
    /// before now (local time), so today's drawn slot is due at once.
    func setUp(redisURL: String? = nil) async throws {
        let humanCredentials = server.addUser(id: Self.human, username: "human")
        let botCredentials = server.addUser(id: Self.bot, username: "mirror")
        server.addUser(id: Self.friend, username: "friend")
        server.addUser(id: Self.stranger, username: "stranger")
        server.addUser(id: Self.foodie, username: "foodie")
        server.addUser(id: Self.retweeter, username: "retweeter")
        try server.start()
        server.follow(Self.bot, Self.foodie)
        server.follow(Self.bot, Self.retweeter)

        try await DaemonWorldHistory.store(in: connection, timeZone: timeZone, friend: Self.friend) { [server] post in
            server.addTweet(id: post.id, authorID: Self.human, text: post.text, createdAt: post.createdAt, inReplyToUserID: post.inReplyToUserID)
        }
        let redis = try redisURL ?? TestEnvironment.redisURL()
        try await DaemonWorldHistory.trainClassifier(redisURL: redis, keyPrefix: redisPrefix)

        environment = DaemonWorldHistory.environment(
            database: database.url + "&application_name=\(database.schema)", redis: redis, prefix: redisPrefix, timeZone: timeZone
        ).merging([
            "X_API_BASE_URL": server.baseURL.absoluteString,
            "HUMAN_CONSUMER_KEY": humanCredentials.consumerKey, "HUMAN_CONSUMER_SECRET": humanCredentials.consumerSecret,
            "HUMAN_ACCESS_TOKEN": humanCredentials.accessToken, "HUMAN_ACCESS_TOKEN_SECRET": humanCredentials.accessTokenSecret,
            "BOT_CONSUMER_KEY": botCredentials.consumerKey, "BOT_CONSUMER_SECRET": botCredentials.consumerSecret,
            "BOT_ACCESS_TOKEN": botCredentials.accessToken, "BOT_ACCESS_TOKEN_SECRET": botCredentials.accessTokenSecret,
        ]) { $1 }
    }



    var replies: [(text: String, target: String)] {
        server.writes.compactMap { if case .reply(_, _, let text, let target) = $0 { (text, target) } else { nil } }
    }

    var posts: [String] {
        server.writes.compactMap { if case .post(_, _, let text) = $0 { text } else { nil } }
    }

    var likes: [String] {
        server.writes.compactMap { if case .like(_, let tweet) = $0 { tweet } else { nil } }
    }

    /// Stops everything and drops the schema, once (tests call it at their end; the deferred call is a no-op then).
    static func make() async throws -> DaemonHarness { try await DaemonHarness() }

    func tearDown() async {
        guard tornDown.withLock({ done in defer { done = true }; return !done }) else { return }
        daemons.killAll()
        server.stop()
        // Over the harness's own connection: a new connection opened while the test process
        // exits (a deferred teardown after the last test) crashed inside libpq (signal 11).
        try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(database.schema) CASCADE")
    }

    /// A fixed-offset zone whose local time is between 02:00 and 21:00, so the
    /// test's slot never crosses midnight.
    static func zoneAwayFromMidnight() -> String {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .gmt, from: Date()).hour ?? 12
        if (2...21).contains(hour) { return "UTC" }
        // Etc/GMT+N is N hours behind UTC.
        return "Etc/GMT+6"
    }
}

extension Optional {
    func orThrow(_ what: String) throws -> Wrapped {
        guard let self else { throw HarnessError(message: "missing \(what)") }
        return self
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension DaemonHarness: DaemonWriteLog {
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, likes.count, posts.count) }
    var writeCount: Int { server.writes.count }
    func replied(to target: String) -> Bool { replies.contains { $0.target == target } }
    func friendMentionsBotAgain() -> String { server.addTweet(authorID: Self.friend, text: "@mirror もう一回！") }
}

extension DaemonHarness: ActivityPosting {
    var ramenText: String { "ラーメン屋の新作つけ麺が最高" }
    func post(as author: String, _ text: String, secondsAgo: Double, repostOf: String?) -> String {
        server.addTweet(authorID: author, text: text, createdAt: Date().addingTimeInterval(-secondsAgo), retweetOf: repostOf)
    }
}

extension DaemonHarness {
    /// The human's own posts of each kind, made while the daemon runs.
    struct HumanKinds { var original, reply, retweet: String }
    struct StoredKinds: Equatable { var original, reply, retweet: Int }

    /// The human posts an original (one the posting loop may pick), replies to the foodie's
    /// dull post (the foodie never mentions the bot) and retweets it.
    func addHumanKinds() -> HumanKinds {
        let foodie = server.addTweet(authorID: Self.foodie, text: "電車が遅延して会社に遅刻", createdAt: Date().addingTimeInterval(-90))
        return HumanKinds(
            original: server.addTweet(authorID: Self.human, text: "\(Self.humanOriginal) 新作", createdAt: Date().addingTimeInterval(-70)),
            reply: server.addTweet(authorID: Self.human, text: "@foodie 大変だね", createdAt: Date().addingTimeInterval(-60), inReplyToTweetID: foodie),
            retweet: server.addTweet(authorID: Self.human, text: "RT @foodie: 電車が遅延して会社に遅刻", createdAt: Date().addingTimeInterval(-50), retweetOf: foodie))
    }

    /// How the daemon stored them: the original without a reply target, the reply with the
    /// foodie as its target, the retweet (never) at all; waits up to 20 s for the learning loop.
    func storedKinds(_ kinds: HumanKinds) async throws -> StoredKinds {
        var stored = StoredKinds(original: 0, reply: 0, retweet: 0)
        for _ in 0..<40 {
            let original = try await connection.query(
                "SELECT count(*) AS n FROM posts WHERE id = \(kinds.original) AND in_reply_to_user_id IS NULL").first?.decode("n", as: Int.self)
            let reply = try await connection.query(
                "SELECT count(*) AS n FROM posts WHERE id = \(kinds.reply) AND in_reply_to_user_id = \(Self.foodie)").first?.decode("n", as: Int.self)
            let retweet = try await connection.query("SELECT count(*) AS n FROM posts WHERE id = \(kinds.retweet)").first?.decode("n", as: Int.self)
            stored = StoredKinds(original: original ?? -1, reply: reply ?? -1, retweet: retweet ?? -1)
            if stored.original == 1 && stored.reply == 1 { break }
            try await Task.sleep(for: .milliseconds(500))
        }
        return stored
    }
}
