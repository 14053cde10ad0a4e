import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport

/// What both daemon worlds (X and Mastodon) teach mirror-bot before it starts: the
/// human's history and a trained classifier.
enum DaemonWorldHistory {
    static let friendReplies = ["ありがとう！また話そう", "それは面白いね"]
    static let humanOriginal = "今日もいい天気だ"

    /// One original a day for 20 days, all at the minute two minutes before now (so today's
    /// drawn slot is due at once), and the human's replies to `friend`. Each is on the fake
    /// network too (`publish` adds it, the fake gives it an id of its time, and that id is stored): the
    /// bot looks a post up before it uses it, and one the network does not have is gone.
    static func store(
        in connection: PostgresConnection, timeZone: String, friend: String, publish: (Post) -> String
    ) async throws {
        let zone = try TimeZone(identifier: timeZone).orThrow("time zone")
        let now = Date()
        let minute = (MinuteOfDay.of(now, in: zone) - 2 + 1440) % 1440
        let today = LocalDate(now, in: zone)
        var posts = (1...20).map { day in
            Post(id: "10\(day)", text: "\(humanOriginal) \(day)", createdAt: today.adding(days: -day).instant(atMinute: minute, in: zone))
        }
        posts += friendReplies.enumerated().map { index, text in
            Post(id: "20\(index)", text: "@friend \(text)", createdAt: now.addingTimeInterval(-86_400 * Double(index + 30)),
                 inReplyToUserID: friend, inReplyToScreenName: "friend")
        }
        // Published oldest first and given the fake's ids: as on the real networks, each id carries
        // its post's time (the bot looks up only posts whose id agrees with their created_at: `OwnPosts`).
        posts.sort { $0.createdAt < $1.createdAt }
        for index in posts.indices { posts[index].id = publish(posts[index]) }
        let store = try await PostgresPostStore.open(connection: connection, timeZone: zone, limit: 10_000)
        try await store.store(posts)
    }

    /// What every daemon world sets, whatever the network: the services, the zone, a poll a second,
    /// answered and liked at the poll (`REPLY_PACE=immediate`, `POLL_PACE=steady`: the tests time replies and likes).
    static func environment(database: String, redis: String, prefix: String, timeZone: String) -> [String: String] {
        [
            "DATABASE_URL": database, "REDIS_URL": redis, "REDIS_KEY_PREFIX": prefix, "TIME_ZONE": timeZone, "POLL_INTERVAL_SECONDS": "1",
            "REPLY_PACE": "immediate", "POLL_PACE": "steady",
        ]
    }

    /// The classifier: the human likes ramen posts by @foodie, not meetings.
    static func trainClassifier(redisURL: String, keyPrefix: String) async throws {
        let classifier = try await TestClassifier.connect(redisURL: redisURL, keyPrefix: keyPrefix)
        var examples: [TrainingExample] = []
        for index in 0..<6 {
            examples.append(TrainingExample(text: "ラーメン屋の新作つけ麺 \(index)", author: "foodie", category: .favorite))
            examples.append(TrainingExample(text: "明日の会議の資料を準備 \(index)", author: "boss", category: .normal))
            examples.append(TrainingExample(text: "電車が遅延して会社に遅刻 \(index)", author: "boss", category: .normal))
        }
        try await classifier.train(batch: examples)
    }
}
