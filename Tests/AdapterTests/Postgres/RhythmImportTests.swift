import Foundation
import MirrorBot
import MirrorBotImport
import MirrorBotPostgres
import MirrorBotX
import Postgres
import TestSupport
import Testing

/// The rhythm's aggregates after whole imports through the product's writer (issue 43):
/// several 500-row statements in one transaction, into an empty store and into one that
/// already holds posts, must leave them (and migration 021's count) equal to a full recount.
@Suite("The rhythm's aggregates after imports")
struct RhythmImportTests {
    let start = Date(timeIntervalSince1970: 1_600_000_000)

    /// Post `index`'s time: uneven gaps, and every 50th post at the same second as the one before.
    func time(_ index: Int) -> Date {
        index % 50 == 1 ? time(index - 1) : start.addingTimeInterval(Double(index * 3_571 - (index * index) % 977))
    }

    func tweet(_ index: Int) -> FixtureTweet {
        index % 7 == 3
            ? FixtureTweet(id: "\(index)", text: "@friend reply \(index)", createdAt: time(index), replyToUserID: "55", replyToScreenName: "friend")
            : FixtureTweet(id: "\(index)", text: "post \(index)", createdAt: time(index))
    }

    func jsonl(_ indexes: some Sequence<Int>) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("posts") + ".jsonl")
        let lines = indexes.map { index in
            let reply = index % 7 == 3 ? #","in_reply_to_user_id":"55","in_reply_to_screen_name":"friend""# : ""
            return #"{"id":"\#(index)","text":"line \#(index)","created_at":"\#(ISO8601DateFormatter().string(from: time(index)))"\#(reply)}"#
        }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func importer(_ fixture: SchedulerFixture, limit: Int) async throws -> ArchiveImporter {
        let store = try await PostgresPostStore.open(connection: fixture.db.connection, timeZone: .gmt, limit: limit)
        return ArchiveImporter(store: store, postLimit: limit)
    }

    func expectRecount(_ fixture: SchedulerFixture, _ comment: Comment) async throws {
        let recount = try await RhythmAggregateTests.Scan.of(fixture.db.connection)
        #expect(try await RhythmAggregateTests.Scan.read(fixture.store) == recount, comment)
        #expect(recount.gap != nil, comment)
        let counted = try await fixture.db.connection.query("SELECT (SELECT posts FROM post_count) = (SELECT count(*) FROM posts) AS same")
        #expect(try counted.first?.decode("same", as: Bool.self) == true, comment)
    }

    @Test("fresh, incremental, over duplicates and across POST_LIMIT: the aggregates equal a recount")
    func importShapes() async throws {
        let fixture = try await SchedulerFixture.make()
        // Fresh: an X archive of 1,300 posts in two files (three statements of 500), every other post.
        let evens = (0..<1_300).map { tweet($0 * 2) }
        let archive = try ArchiveFixture(tweetParts: [Array(evens[..<700]), Array(evens[700...])]).write()
        let fresh = try await importer(fixture, limit: 10_000).importArchive(at: archive.path)
        #expect(fresh.stored == 1_300)
        try await expectRecount(fixture, "after a fresh import")

        // Incremental: the odd posts between them, older and newer than the closest pair.
        let odd = try await importer(fixture, limit: 10_000).importJSONL(at: try jsonl((0..<1_300).map { $0 * 2 + 1 }))
        #expect(odd.stored == 1_300)
        try await expectRecount(fixture, "after an incremental import between the stored posts")

        // Over duplicates: the same archive again, and a file half stored, half new.
        let again = try await importer(fixture, limit: 10_000).importArchive(at: archive.path)
        #expect(again.stored == 0)
        let half = try await importer(fixture, limit: 10_000).importJSONL(at: try jsonl(2_000..<3_200))
        #expect(half.stored == 600)
        try await expectRecount(fixture, "after imports over stored posts")

        // Across POST_LIMIT: 800 newer posts into a store kept at 3,000; the oldest leave.
        let newer = try await importer(fixture, limit: 3_000).importJSONL(at: try jsonl(3_200..<4_000))
        #expect(newer.stored == 800)
        #expect(try await fixture.posts.count() == 3_000)
        try await expectRecount(fixture, "after an import trimmed to POST_LIMIT")
        try await fixture.db.database.drop()
    }
}
