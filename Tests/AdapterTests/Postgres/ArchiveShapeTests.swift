import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport
import MirrorBotPostgres
import MirrorBotX
import TestSupport
import Testing

/// X archives of every age (issue 22): long posts, deleted posts, time zones, the manifest.
@Suite("X archives in every shape: nothing silently lost")
struct ArchiveShapeTests {
    static let cut = "これは長い投稿の始まりで、ここから先は tweets.js では切られてしまう…… https://t.co/AbCdEf1234"
    static let whole = "これは長い投稿の始まりで、ここから先は tweets.js では切られてしまう。" + String(repeating: "続きの文章がまだまだ続く。", count: 30)

    func importing(_ archive: URL, at path: String? = nil) async throws -> (Result<ImportSummary, any Error>, [String: StoredPost]) {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let importer = ArchiveImporter(store: store, postLimit: 10_000)
        let result: Result<ImportSummary, any Error>
        do { result = .success(try await importer.importArchive(at: path ?? archive.path)) } catch { result = .failure(error) }
        return (result, try await db.posts())
    }

    static func write(_ archive: URL, _ name: String, global: String, _ entries: [String]) throws {
        try ArchiveFixture.file(global: global, entries: entries)
            .write(to: archive.appendingPathComponent("data").appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    static func noteTweet(id: String, at date: String, text: String) -> String {
        #"  { "noteTweet" : { "noteTweetId" : "\#(id)", "updatedAt" : "\#(date)", "lifecycle" : { "value" : "1", "name" : "Active" }, "createdAt" : "\#(date)", "core" : { "styletags" : [ ], "urls" : [ ], "text" : \#(ArchiveFixture.json(text)), "mentions" : [ ], "cashtags" : [ ], "hashtags" : [ ] } } }"#
    }

    @Test("a Premium-length post is stored whole from note-tweet.js: matched by id, else by its second and the kept start")
    func longPosts() async throws {
        let date = utc("2023-06-04T10:00:00Z")
        let archive = try ArchiveFixture(tweetParts: [[
            FixtureTweet(id: "1700000000000000001", text: Self.cut, createdAt: date),
            FixtureTweet(id: "1700000000000000002", text: "短い投稿", createdAt: date.addingTimeInterval(60)),
            FixtureTweet(id: "1700000000000000003", text: "二つ目の長い投稿の始まり… https://t.co/Zz", createdAt: date.addingTimeInterval(120)),
        ]]).write()
        try Self.write(archive, "note-tweet.js", global: "note_tweet.part0", [
            Self.noteTweet(id: "1700000000000000001", at: "2023-06-04T10:00:00.000Z", text: Self.whole),
            // The note's own id, as archives often give it: found by the second and the start.
            Self.noteTweet(id: "1699999999999999990", at: "2023-06-04T10:02:00.000Z", text: "二つ目の長い投稿の始まりと、その先の長い長い続き"),
        ])
        let (result, posts) = try await importing(archive)
        let summary = try result.get()
        #expect(summary.stored == 3)
        #expect(summary.longPostsCompleted == 2)
        #expect(posts["1700000000000000001"]?.text == Self.whole)
        #expect(posts["1700000000000000002"]?.text == "短い投稿")
        #expect(posts["1700000000000000003"]?.text == "二つ目の長い投稿の始まりと、その先の長い長い続き")
    }

    @Test("a post only in deleted-tweets.js is not stored; one also in tweets.js, or marked deleted_at, neither")
    func deletedPosts() async throws {
        let date = utc("2022-01-01T00:00:00Z")
        let kept = FixtureTweet(id: "1001", text: "残る投稿", createdAt: date)
        let alsoDeleted = FixtureTweet(id: "1002", text: "消した投稿", createdAt: date)
        let archive = try ArchiveFixture(tweetParts: [[kept, alsoDeleted]]).write()
        let deleted = [
            FixtureTweet(id: "1003", text: "消した投稿だけ", createdAt: date), alsoDeleted,
        ].map { tweet in
            ArchiveFixture.wrap("tweet", ArchiveFixture.tweetObject(tweet, indent: 4)
                .replacingOccurrences(of: "\"lang\" : \"ja\"", with: "\"lang\" : \"ja\",\n      \"deleted_at\" : \"Sun Jan 02 00:00:00 +0000 2022\""))
        }
        try Self.write(archive, "deleted-tweets.js", global: "deleted_tweets.part0", deleted)
        let (result, posts) = try await importing(archive)
        let summary = try result.get()
        #expect(Set(posts.keys) == ["1001"])
        #expect(summary.deleted == 1)
        #expect(summary.stored == 1)

        // deleted_at on an entry of tweets.js itself.
        let marked = try ArchiveFixture(tweetParts: [[kept]]).write()
        let entry = ArchiveFixture.wrap("tweet", ArchiveFixture.tweetObject(alsoDeleted, indent: 4)
            .replacingOccurrences(of: "\"lang\" : \"ja\"", with: "\"lang\" : \"ja\",\n      \"deleted_at\" : \"Sun Jan 02 00:00:00 +0000 2022\""))
        try Self.write(marked, "tweets.js", global: "tweets.part0", [ArchiveFixture.wrap("tweet", ArchiveFixture.tweetObject(kept, indent: 4)), entry])
        let (markedResult, markedPosts) = try await importing(marked)
        #expect(Set(markedPosts.keys) == ["1001"])
        #expect(try markedResult.get().deleted == 1)
    }

    @Test("a single tweets.js given as PATH still leaves out the deleted posts beside it")
    func singleFileWithDeleted() async throws {
        let date = utc("2022-01-01T00:00:00Z")
        let archive = try ArchiveFixture(tweetParts: [[FixtureTweet(id: "1", text: "a", createdAt: date), FixtureTweet(id: "2", text: "b", createdAt: date)]]).write()
        try Self.write(archive, "deleted-tweets.js", global: "deleted_tweets.part0",
                       [ArchiveFixture.wrap("tweet", ArchiveFixture.tweetObject(FixtureTweet(id: "2", text: "b", createdAt: date), indent: 4))])
        let (result, posts) = try await importing(archive, at: archive.appendingPathComponent("data/tweets.js").path)
        #expect(Set(posts.keys) == ["1"])
        #expect(try result.get().deleted == 1)
    }

    @Test("an archive whose posts are all retweets or deleted is an error naming tweets.js and what it found")
    func nothingImportable() async throws {
        let date = utc("2022-01-01T00:00:00Z")
        let archive = try ArchiveFixture(tweetParts: [[
            .retweet(id: "1", of: "bob", text: "hi", at: date), .retweet(id: "2", of: "bob", text: "yo", at: date),
        ]]).write()
        let (result, posts) = try await importing(archive)
        #expect(posts.isEmpty)
        guard case .failure(let error as InputError) = result else {
            Issue.record("expected an InputError, got \(result)")
            return
        }
        #expect(error.file == archive.appendingPathComponent("data/tweets.js").path)
        #expect(error.message == "2 posts read, none importable (2 retweets)")
    }

    @Test("tweets-partN.js listed in manifest.js and missing is an error, not part of the archive imported")
    func missingPart() async throws {
        let tweets = (1...3).map { FixtureTweet(id: "\($0)", text: "投稿 \($0)", createdAt: utc("2021-01-01T00:00:00Z")) }
        let archive = try ArchiveFixture(tweetParts: [[tweets[0]], [tweets[1]], [tweets[2]]]).write()
        try FileManager.default.removeItem(at: archive.appendingPathComponent("data/tweets-part2.js"))
        let (result, posts) = try await importing(archive)
        #expect(posts.isEmpty)
        guard case .failure(let error as InputError) = result else {
            Issue.record("expected an InputError, got \(result)")
            return
        }
        #expect(error.file == archive.appendingPathComponent("data/manifest.js").path)
        #expect(error.message.hasPrefix("lists tweets-part2.js with 1 entries, which is not in "))
    }

    @Test("account-timezone.js: its zone is reported; without timeZone the import says TIME_ZONE places the posts")
    func timeZone() async throws {
        let archive = try ArchiveFixture(tweetParts: [[FixtureTweet(id: "1", text: "a", createdAt: utc("2021-01-01T00:00:00Z"))]]).write()
        try Self.write(archive, "account-timezone.js", global: "account_timezone.part0",
                       [#"  { "accountTimezone" : { "accountId" : "1000", "timeZone" : "Tokyo" } }"#])
        let (named, _) = try await importing(archive)
        #expect(try named.get().archiveTimeZone == "Tokyo")
        #expect(try named.get().archiveTimeZoneFile == archive.appendingPathComponent("data/account-timezone.js").path)

        try Self.write(archive, "account-timezone.js", global: "account_timezone.part0", [#"  { "accountTimezone" : { "accountId" : "1000" } }"#])
        let (unnamed, posts) = try await importing(archive)
        let summary = try unnamed.get()
        #expect(summary.archiveTimeZone == nil)
        #expect(summary.archiveTimeZoneFile != nil)
        #expect(posts.count == 1)
    }
}
