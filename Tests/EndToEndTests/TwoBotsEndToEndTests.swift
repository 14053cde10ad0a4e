import FakeX
import Foundation
import MirrorBot
import Postgres
import Redis
import TestSupport
import Testing
import XAPI

/// Two bots, each imitating its own human, on one PostgreSQL database (two
/// `DATABASE_SCHEMA`s) and one Redis (two `REDIS_KEY_PREFIX`es), on one fake X.
final class TwoBotsWorld: ScopedResource, @unchecked Sendable {
    struct Bot {
        let name: String, humanID: String, botID: String, schema: String, prefix: String
        /// What its human wrote: originals, and replies to the friend; what its human likes.
        let original: String, reply: String, liked: String
        var environment: [String: String] = [:]
    }

    static let friend = "3", foodie = "5"
    let server = FakeXServer()
    let daemons = DaemonProcesses()
    let admin: PostgresConnection
    var bots: [Bot]
    let files = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("twobots"))

    static func make() async throws -> TwoBotsWorld { try await TwoBotsWorld() }

    init() async throws {
        admin = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        bots = [
            Bot(name: "a", humanID: "1", botID: "2", schema: TestEnvironment.uniqueName("bota"), prefix: TestEnvironment.uniqueName("a") + ":",
                original: "Aさんの投稿", reply: "Aさんからの返事", liked: "ラーメン"),
            Bot(name: "b", humanID: "11", botID: "12", schema: TestEnvironment.uniqueName("botb"), prefix: TestEnvironment.uniqueName("b") + ":",
                original: "Bさんの投稿", reply: "Bさんからの返事", liked: "子猫"),
        ]
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    }

    /// Accounts on the fake, then for each bot: migrate, import its human's posts, train its classifier.
    func setUp() throws {
        server.addUser(id: Self.friend, username: "friend")
        server.addUser(id: Self.foodie, username: "foodie")
        for index in bots.indices {
            let bot = bots[index]
            let human = server.addUser(id: bot.humanID, username: "human_\(bot.name)")
            let account = server.addUser(id: bot.botID, username: "mirror_\(bot.name)")
            server.follow(bot.botID, Self.foodie)
            bots[index].environment = [
                "DATABASE_URL": try TestEnvironment.databaseURL(), "DATABASE_SCHEMA": bot.schema,
                "REDIS_URL": try TestEnvironment.redisURL(), "REDIS_KEY_PREFIX": bot.prefix,
                "X_API_BASE_URL": "", "TIME_ZONE": DaemonHarness.zoneAwayFromMidnight(), "POLL_INTERVAL_SECONDS": "1",
                "REPLY_PACE": "immediate", "POLL_PACE": "steady",
                "HUMAN_CONSUMER_KEY": human.consumerKey, "HUMAN_CONSUMER_SECRET": human.consumerSecret,
                "HUMAN_ACCESS_TOKEN": human.accessToken, "HUMAN_ACCESS_TOKEN_SECRET": human.accessTokenSecret,
                "BOT_CONSUMER_KEY": account.consumerKey, "BOT_CONSUMER_SECRET": account.consumerSecret,
                "BOT_ACCESS_TOKEN": account.accessToken, "BOT_ACCESS_TOKEN_SECRET": account.accessTokenSecret,
            ]
        }
        try server.start()
        for index in bots.indices {
            bots[index].environment["X_API_BASE_URL"] = server.baseURL.absoluteString
            let bot = bots[index]
            try expectSuccess(["migrate"], bot)
            try expectSuccess(["import", "--jsonl", try write(posts(of: bot), named: "posts-\(bot.name).jsonl").path], bot)
            try expectSuccess(["train", "classifier", "--jsonl", try write(training(of: bot), named: "train-\(bot.name).jsonl").path], bot)
        }
    }

    /// One original a day for 20 days at two minutes before now, and two replies to the friend.
    func posts(of bot: Bot) throws -> [String] {
        let zone = try TimeZone(identifier: bot.environment["TIME_ZONE"] ?? "UTC").orThrow("time zone")
        let now = Date()
        let minute = (MinuteOfDay.of(now, in: zone) - 2 + 1440) % 1440
        let today = LocalDate(now, in: zone)
        let formatter = ISO8601DateFormatter()
        // Each is on the fake too, under the id X gave it: the bot looks a post up before it uses it.
        var lines = (1...20).map { day in
            let date = today.adding(days: -day).instant(atMinute: minute, in: zone)
            let id = server.addTweet(authorID: bot.humanID, text: "\(bot.original) \(day)", createdAt: date)
            return #"{"id":"\#(id)","text":"\#(bot.original) \#(day)","created_at":"\#(formatter.string(from: date))"}"#
        }
        lines += (1...2).map { index in
            let id = server.addTweet(
                authorID: bot.humanID, text: "@friend \(bot.reply)", createdAt: formatter.date(from: "2025-01-0\(index)T10:00:00Z"),
                inReplyToUserID: Self.friend)
            return #"{"id":"\#(id)","text":"@friend \#(bot.reply)","created_at":"2025-01-0\#(index)T10:00:00Z","in_reply_to_user_id":"\#(Self.friend)","in_reply_to_screen_name":"friend"}"#
        }
        return lines
    }

    func training(of bot: Bot) -> [String] {
        (0..<6).flatMap { index in [
            #"{"text":"\#(bot.liked) \#(index)","author":"fan","label":"favorite"}"#,
            #"{"text":"会議の資料 \#(index)","author":"boss","label":"normal"}"#,
        ] }
    }

    func write(_ lines: [String], named name: String) throws -> URL {
        let url = files.appendingPathComponent(name)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func expectSuccess(_ arguments: [String], _ bot: Bot) throws {
        let result = try BinaryRunner.run(arguments, environment: bot.environment)
        #expect(result.status == 0, "\(arguments) for bot \(bot.name): \(result.stderr)")
    }

    /// The bot's writes on the fake.
    func writes(of bot: Bot) -> (posts: [String], replies: [(text: String, target: String)], likes: [String]) {
        var result: (posts: [String], replies: [(text: String, target: String)], likes: [String]) = ([], [], [])
        for write in server.writes {
            switch write {
            case .post(_, let author, let text) where author == bot.botID: result.posts.append(text)
            case .reply(_, let author, let text, let target) where author == bot.botID: result.replies.append((text, target))
            case .like(let user, let tweet) where user == bot.botID: result.likes.append(tweet)
            default: break
            }
        }
        return result
    }

    /// Table names in `schema`.
    func tables(in schema: String) async throws -> Set<String> {
        Set(try await admin.query("SELECT tablename FROM pg_tables WHERE schemaname = \(schema)").compactMap { $0["tablename"] })
    }

    func tearDown() async {
        daemons.killAll()
        server.stop()
        for bot in bots {
            let drop = try? await admin.query("SELECT format('DROP SCHEMA IF EXISTS %I CASCADE', \(bot.schema)::text) AS sql")
            if let sql = try? drop?.first?.decode("sql", as: String.self) {
                try? await admin.execute(unsafeSQL: sql)
            }
        }
        try? FileManager.default.removeItem(at: files)
    }
}

@Suite("Two bots on one PostgreSQL and one Redis", .serialized)
struct TwoBotsEndToEndTests {
    @Test("each bot posts, replies and likes from its own human's data only; neither sees nor touches the other's tables and keys")
    func twoBots() async throws {
        try await TwoBotsWorld.with { world in
            let publicTables = try await world.tables(in: "public")
            try world.setUp()
            let (a, b) = (world.bots[0], world.bots[1])
            let toA = world.server.addTweet(authorID: TwoBotsWorld.friend, text: "@mirror_a 元気？", createdAt: Date().addingTimeInterval(-30))
            let toB = world.server.addTweet(authorID: TwoBotsWorld.friend, text: "@mirror_b 元気？", createdAt: Date().addingTimeInterval(-20))
            let ramen = world.server.addTweet(authorID: TwoBotsWorld.foodie, text: "ラーメンの話、最高", createdAt: Date().addingTimeInterval(-10))
            let kitten = world.server.addTweet(authorID: TwoBotsWorld.foodie, text: "子猫の話、最高", createdAt: Date().addingTimeInterval(-5))

            _ = try world.daemons.start(a.environment)
            _ = try world.daemons.start(b.environment)
            let done = await waitFor(40) {
                [a, b].allSatisfy { bot in
                    let writes = world.writes(of: bot)
                    return !writes.posts.isEmpty && !writes.replies.isEmpty && !writes.likes.isEmpty
                }
            }
            #expect(done, "\(world.daemons.output)")
            // More rounds for either to do anything it should not.
            let polls = { world.server.requestCount(endpoint: "GET /2/users/:id/mentions") }
            let before = polls()
            #expect(await waitFor(30) { polls() >= before + 6 })

            for (bot, mention, liked) in [(a, toA, ramen), (b, toB, kitten)] {
                let writes = world.writes(of: bot)
                #expect(writes.posts.count == 1)
                #expect(writes.posts.allSatisfy { $0.hasPrefix(bot.original) }, "\(bot.name): \(writes.posts)")
                #expect(writes.replies.map(\.target) == [mention], "\(bot.name)")
                #expect(writes.replies.allSatisfy { $0.text == bot.reply }, "\(bot.name): \(writes.replies)")
                #expect(writes.likes == [liked], "\(bot.name)")
            }

            // Each schema has its own tables and rows; the public schema got nothing.
            let tablesA = try await world.tables(in: a.schema)
            #expect(tablesA.isSuperset(of: ["posts", "plans", "replies", "likes", "cursors", "schema_migrations"]))
            #expect(try await world.tables(in: b.schema) == tablesA)
            #expect(try await world.tables(in: "public") == publicTables)
            for bot in [a, b] {
                let rows = try await world.admin.query(PostgresQuery(
                    unsafeSQL: "SELECT text FROM \(bot.schema).posts", binds: []))
                let texts = rows.compactMap { $0["text"] }
                #expect(texts.count == 22)
                #expect(texts.allSatisfy { $0.hasPrefix(bot.original) || $0.hasSuffix(bot.reply) }, "\(bot.name)")
            }

            // Each Redis prefix holds its own classifier; nothing under one names the other's human's likes.
            let redis = try await RedisConnection(url: try TestEnvironment.redisURL())
            for (bot, other) in [(a, b), (b, a)] {
                let keys = (try await redis.send(["KEYS", bot.prefix + "*"]).array ?? []).compactMap(\.string)
                #expect(!keys.isEmpty, "\(bot.name) has no keys")
                for key in keys where try await redis.send(["TYPE", key]).string == "hash" {
                    let fields = (try await redis.send(["HKEYS", key]).array ?? []).compactMap(\.string)
                    #expect(!fields.contains { $0.contains(other.liked) }, "\(key) holds \(other.name)'s features")
                }
            }
            let output = world.daemons.output
            #expect(!output.contains("event=round_failed"), "\(output)")
        }
    }
}
