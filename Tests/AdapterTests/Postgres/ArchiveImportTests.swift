import Foundation
import MirrorBot
import MirrorBotImport
import MirrorBotPostgres
import MirrorBotX
import Postgres
import TestSupport
import Testing

/// Rows of the posts table, by id.
struct StoredPost: Equatable {
    var text: String
    var minuteOfDay: Int
    var replyTo: String?
    var replyToName: String?
}

extension MigratedDatabase {
    func posts() async throws -> [String: StoredPost] {
        var result: [String: StoredPost] = [:]
        for row in try await connection.query(
            "SELECT id, text, minute_of_day, in_reply_to_user_id, in_reply_to_screen_name FROM posts") {
            result[try row.decode("id")] = StoredPost(
                text: try row.decode("text"), minuteOfDay: try row.decode("minute_of_day"),
                replyTo: row["in_reply_to_user_id"], replyToName: row["in_reply_to_screen_name"])
        }
        return result
    }
}

@Suite("Archive import into PostgreSQL")
struct ArchiveImportTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

    static func tweets(_ count: Int, from first: Int = 1, start: String = "2019-03-01T00:00:00Z") -> [FixtureTweet] {
        (0..<count).map { index in
            FixtureTweet(
                id: String(1_000_000 + first + index), text: "投稿 \(first + index)",
                createdAt: utc(start).addingTimeInterval(Double(index) * 3_737))
        }
    }

    func importer(_ db: MigratedDatabase, zone: TimeZone = tokyo, limit: Int = 100_000,
                  trainer: ArchiveLikeTrainer? = nil) async throws -> ArchiveImporter {
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: zone, limit: limit)
        return ArchiveImporter(store: store, postLimit: limit, trainFavorites: trainer)
    }

    @Test("every post lands with its minute of day in TIME_ZONE (Asia/Tokyo)")
    func minuteOfDayInTokyo() async throws {
        let db = try await MigratedDatabase.make()
        let tweets = Self.tweets(60)
        let archive = try ArchiveFixture(tweetParts: [tweets]).write()
        let summary = try await importer(db).importArchive(at: archive.path)
        #expect(summary.stored == 60)
        #expect(summary.postsRead == 60)
        let stored = try await db.posts()
        #expect(stored.count == 60)
        for tweet in tweets {
            #expect(stored[tweet.id]?.minuteOfDay == MinuteOfDay.of(tweet.createdAt, in: Self.tokyo), "post \(tweet.id)")
            #expect(stored[tweet.id]?.text == tweet.text)
        }
        // 23:30 UTC is 08:30 the next day in Tokyo.
        let late = FixtureTweet(id: "77", text: "おはよう", createdAt: utc("2020-01-01T23:30:00Z"))
        _ = try await importer(db).importArchive(at: try ArchiveFixture(tweetParts: [[late]]).write().path)
        #expect(try await db.posts()["77"]?.minuteOfDay == 8 * 60 + 30)
        try await db.database.drop()
    }

    @Test("retweets are skipped and counted; replies are stored with whom they answer")
    func retweetsAndReplies() async throws {
        let db = try await MigratedDatabase.make()
        let date = utc("2021-06-01T12:00:00Z")
        let archive = try ArchiveFixture(tweetParts: [[
            FixtureTweet(id: "1", text: "ふつうの投稿", createdAt: date),
            .retweet(id: "2", of: "someone", text: "誰かの投稿", at: date),
            FixtureTweet(id: "3", text: "@friend ありがとう", createdAt: date, replyToUserID: "555", replyToScreenName: "friend"),
            .retweet(id: "4", of: "other", text: "もうひとつ", at: date),
            FixtureTweet(id: "5", text: "@old やあ", createdAt: date, replyToUserID: "666", omitScreenName: true),
        ]]).write()
        let summary = try await importer(db).importArchive(at: archive.path)
        #expect(summary.retweets == 2)
        #expect(summary.stored == 3)
        let stored = try await db.posts()
        #expect(Set(stored.keys) == ["1", "3", "5"])
        #expect(stored["1"]?.replyTo == nil)
        #expect(stored["3"]?.replyTo == "555")
        #expect(stored["3"]?.replyToName == "friend")
        #expect(stored["5"]?.replyTo == "666")
        #expect(stored["5"]?.replyToName == nil)
        try await db.database.drop()
    }

    @Test("a multi-part archive (tweets.js, tweets-part1.js, tweets-part2.js) lands whole")
    func multiPart() async throws {
        let db = try await MigratedDatabase.make()
        let parts = [Self.tweets(700), Self.tweets(650, from: 701), Self.tweets(3, from: 1_351)]
        let archive = try ArchiveFixture(tweetParts: parts).write()
        let summary = try await importer(db).importArchive(at: archive.path)
        #expect(summary.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["tweets.js", "tweets-part1.js", "tweets-part2.js"])
        #expect(summary.stored == 1_353)
        #expect(try await db.posts().count == 1_353)
        try await db.database.drop()
    }

    @Test("older archives: tweet.js with unwrapped entries")
    func unwrappedOldFormat() async throws {
        let db = try await MigratedDatabase.make()
        let tweets = Self.tweets(5) + [FixtureTweet(id: "9", text: "@a hi", createdAt: utc("2015-02-03T04:05:06Z"), replyToUserID: "7", replyToScreenName: "a")]
        let archive = try ArchiveFixture(tweetParts: [tweets], wrapped: false).write()
        #expect(FileManager.default.fileExists(atPath: archive.appendingPathComponent("data/tweet.js").path))
        let summary = try await importer(db).importArchive(at: archive.path)
        #expect(summary.stored == 6)
        #expect(try await db.posts()["9"]?.replyToName == "a")
        try await db.database.drop()
    }

    @Test("the data/ folder or a single tweets.js / like.js works as PATH")
    func pathForms() async throws {
        let db = try await MigratedDatabase.make()
        let trained = TrainedLikes()
        let archive = try ArchiveFixture(tweetParts: [Self.tweets(4), Self.tweets(2, from: 5)], likes: [("1", "すき")]).write()
        let data = archive.appendingPathComponent("data")
        let part1 = try await importer(db).importArchive(at: data.appendingPathComponent("tweets-part1.js").path)
        #expect(part1.stored == 2)
        let folder = try await importer(db).importArchive(at: data.path)
        #expect(folder.stored == 4)
        #expect(folder.duplicates == 2)
        let likes = try await importer(db, trainer: trained.trainer).importArchive(at: data.appendingPathComponent("like.js").path)
        #expect(likes.stored == 0)
        #expect(likes.likesTrained == 1)
        #expect(trained.all == [ArchiveLike(tweetID: "1", text: "すき")])
        try await db.database.drop()
    }

    @Test("importing the same archive twice stores nothing twice")
    func importTwice() async throws {
        let db = try await MigratedDatabase.make()
        let archive = try ArchiveFixture(tweetParts: [Self.tweets(120), Self.tweets(30, from: 121)]).write()
        let first = try await importer(db).importArchive(at: archive.path)
        let second = try await importer(db).importArchive(at: archive.path)
        #expect(first.stored == 150)
        #expect(second.stored == 0)
        #expect(second.duplicates == 150)
        #expect(try await db.posts().count == 150)
        try await db.database.drop()
    }

    @Test("HTML entities in full_text are undone: &amp; &lt; &gt;")
    func htmlEntities() async throws {
        let db = try await MigratedDatabase.make()
        let text = "Tom & Jerry <3 -> &lt; stays"
        let archive = try ArchiveFixture(tweetParts: [[FixtureTweet(id: "1", text: text, createdAt: utc("2022-01-01T00:00:00Z"))]]).write()
        let raw = try String(contentsOf: archive.appendingPathComponent("data/tweets.js"), encoding: .utf8)
        #expect(raw.contains("Tom &amp; Jerry &lt;3 -&gt; &amp;lt; stays"))
        _ = try await importer(db).importArchive(at: archive.path)
        #expect(try await db.posts()["1"]?.text == text)
        try await db.database.drop()
    }

    @Test("POST_LIMIT: only the newest posts of a large archive are kept")
    func postLimit() async throws {
        let db = try await MigratedDatabase.make()
        let tweets = Self.tweets(50)
        let archive = try ArchiveFixture(tweetParts: [tweets]).write()
        let summary = try await importer(db, limit: 20).importArchive(at: archive.path)
        #expect(summary.stored == 20)
        #expect(summary.overLimit == 30)
        #expect(Set(try await db.posts().keys) == Set(tweets.suffix(20).map(\.id)))
        let again = try await importer(db, limit: 20).importArchive(at: archive.path)
        #expect(again.stored == 0)
        try await db.database.drop()
    }
}
