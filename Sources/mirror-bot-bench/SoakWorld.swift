import FakeX
import Foundation
import MirrorBot
import MirrorBotMeCab
import MirrorBotPostgres
import MirrorBotRedis
import Postgres
import XAPI

/// The soak's world: a fake X with a human, a bot and friends; a migrated
/// schema with the human's originals all around the clock and replies to
/// every friend; a trained classifier.
struct SoakWorld {
    static let friends = (0..<10).map { (id: "\(100 + $0)", name: "friend\($0)") }
    let server: FakeXServer
    let database: BenchDatabase
    let environment: [String: String]
    let logFile: URL

    static func make(databaseURL: String, redisURL: String) async throws -> SoakWorld {
        let server = FakeXServer()
        let human = server.addUser(id: "1", username: "human")
        let bot = server.addUser(id: "2", username: "mirror")
        server.addUser(id: "3", username: "foodie")
        for friend in friends { server.addUser(id: friend.id, username: friend.name) }
        try server.start()
        server.follow("2", "3")
        server.setFaultProbability(0.2, fault: .serverError(status: 503))

        let database = try await BenchDatabase.make(url: databaseURL)
        let store = try await PostgresPostStore.open(connection: database.connection, timeZone: .gmt, limit: 100_000)
        var posts: [Post] = []
        let now = Date()
        for day in 1...30 {
            for slot in 0..<24 {  // one original an hour, each a distinct text
                let minute = slot * 60 + (day * 7) % 60
                posts.append(Post(id: "o\(day)-\(slot)", text: "ひとりごと \(day)-\(slot)",
                                  createdAt: LocalDate(now, in: .gmt).adding(days: -day).instant(atMinute: minute, in: .gmt)))
            }
        }
        for friend in friends {
            for index in 0..<40 {
                // Each friend's replies are their own texts (X refuses a text the bot posted before, to anyone).
                posts.append(Post(id: "r\(friend.id)-\(index)", text: "@\(friend.name) \(friend.name)への返事その\(index)",
                                  createdAt: now.addingTimeInterval(-Double(index + 1) * 86_400),
                                  inReplyToUserID: friend.id, inReplyToScreenName: friend.name))
            }
        }
        // On the fake too (the bot looks each source up before it posts it), under the ids X gave them.
        for index in posts.indices {
            posts[index].id = server.addTweet(
                authorID: "1", text: posts[index].text, createdAt: posts[index].createdAt, inReplyToUserID: posts[index].inReplyToUserID)
        }
        try await store.store(posts)

        let prefix = "soak-\(UUID().uuidString.prefix(8)):"
        let classifier = try await RedisClassifierStore.connect(
            redisURL: redisURL, keyPrefix: prefix, tokenizer: MeCabFeatureTokenizer(dictionaryPath: ProcessInfo.processInfo.environment["MECAB_DICDIR"]))
        try await classifier.train(batch: (0..<10).flatMap { index in [
            TrainingExample(text: "ラーメンとつけ麺 \(index)", author: "foodie", category: .favorite),
            TrainingExample(text: "会議と資料 \(index)", author: "boss", category: .normal),
        ] })

        let separator = databaseURL.contains("?") ? "&" : "?"
        let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-bot-soak-\(prefix.dropLast()).log")
        let environment = [
            "DATABASE_URL": databaseURL + separator + "options=-csearch_path%3D\(database.schema)",
            "REDIS_URL": redisURL, "REDIS_KEY_PREFIX": prefix, "X_API_BASE_URL": server.baseURL.absoluteString,
            "TIME_ZONE": "UTC", "POLL_INTERVAL_SECONDS": "5", "REPLY_LIMIT_PER_HOUR": "100", "LIKE_LIMIT_PER_DAY": "10000",
            "HUMAN_CONSUMER_KEY": human.consumerKey, "HUMAN_CONSUMER_SECRET": human.consumerSecret,
            "HUMAN_ACCESS_TOKEN": human.accessToken, "HUMAN_ACCESS_TOKEN_SECRET": human.accessTokenSecret,
            "BOT_CONSUMER_KEY": bot.consumerKey, "BOT_CONSUMER_SECRET": bot.consumerSecret,
            "BOT_ACCESS_TOKEN": bot.accessToken, "BOT_ACCESS_TOKEN_SECRET": bot.accessTokenSecret,
            "PATH": "/usr/bin:/bin",
        ]
        return SoakWorld(server: server, database: database, environment: environment, logFile: logFile)
    }

    func startDaemon() throws -> Process {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("mirror-bot")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["start"]
        process.environment = environment
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logFile)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    func mention(_ tick: Int) -> String {
        let friend = Self.friends[tick % Self.friends.count]
        return server.addTweet(authorID: friend.id, text: "@mirror 調子はどう？ \(tick)")
    }

    func timelinePost(_ tick: Int) {
        server.addTweet(authorID: "3", text: tick % 12 == 0 ? "今日のラーメンとつけ麺 \(tick)" : "今日の会議と資料 \(tick)")
    }

    var replies: [(text: String, target: String)] {
        server.writes.compactMap { if case .reply(_, _, let text, let target) = $0 { (text, target) } else { nil } }
    }

    var likes: [String] {
        server.writes.compactMap { if case .like(_, let tweet) = $0 { tweet } else { nil } }
    }

    var posts: [String] {
        server.writes.compactMap { if case .post(_, _, let text) = $0 { text } else { nil } }
    }
}
