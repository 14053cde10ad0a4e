import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

@Suite("JSONL import")
struct JSONLImportTests {
    func write(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("posts") + ".jsonl")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func importer(_ db: MigratedDatabase) async throws -> ArchiveImporter {
        let store = try await PostgresPostStore.open(
            connection: db.connection, timeZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt, limit: 1_000)
        return ArchiveImporter(store: store)
    }

    @Test("posts in every accepted date form, replies, numeric ids and blank lines")
    func importsPosts() async throws {
        let db = try await MigratedDatabase.make()
        let file = try write("""
            {"id":"1","text":"おはよう","created_at":"2024-05-01T00:10:00Z"}

            {"id":"2","text":"fraction","created_at":"2024-05-01T00:20:00.123Z"}
            {"id":"3","text":"offset","created_at":"2024-05-01T09:30:00+09:00"}
            {"id":4,"text":"@friend うん","created_at":"Wed Oct 10 20:19:24 +0000 2018","in_reply_to_user_id":"55","in_reply_to_screen_name":"friend"}
            \t
            {"id":"5","text":"RT @x: not mine","created_at":"2024-05-01T00:00:00Z"}
            {"id":"1","text":"again","created_at":"2024-05-01T00:10:00Z"}
            """)
        let summary = try await importer(db).importJSONL(at: file.path)
        #expect(summary.postsRead == 6)
        #expect(summary.stored == 4)
        #expect(summary.retweets == 1)
        #expect(summary.duplicates == 1)
        let posts = try await db.posts()
        #expect(posts["1"]?.minuteOfDay == 9 * 60 + 10)
        #expect(posts["2"]?.minuteOfDay == 9 * 60 + 20)
        #expect(posts["3"]?.minuteOfDay == 9 * 60 + 30)
        #expect(posts["4"] == StoredPost(text: "@friend うん", minuteOfDay: 5 * 60 + 19, replyTo: "55", replyToName: "friend"))
        #expect(posts["1"]?.text == "おはよう")
        let again = try await importer(db).importJSONL(at: file.path)
        #expect(again.stored == 0)
        try await db.database.drop()
    }

    @Test("a bad line fails naming the file and the line; nothing is stored", arguments: [
        (#"{"id":"3","text":"x","created_at":"tomorrow"}"#, "created_at \"tomorrow\""),
        (#"{"id":"3","created_at":"2024-05-01T00:00:00Z"}"#, "missing field \"text\""),
        (#"{"id":"3","text":"x","created_at":"2024-05-01T00:00:00Z""#, "not valid JSON: unexpected end of file"),
        (#"{"id":"3","text":"x",,"created_at":"2024-05-01T00:00:00Z"}"#, "not valid JSON: invalid value at column 22"),
        (#"{"id":"3","text":7,"created_at":"2024-05-01T00:00:00Z"}"#, "field \"text\" is not a string"),
    ])
    func badLine(line: String, expected: String) async throws {
        let db = try await MigratedDatabase.make()
        let file = try write("""
            {"id":"1","text":"a","created_at":"2024-05-01T00:00:00Z"}

            \(line)
            {"id":"2","text":"b","created_at":"2024-05-01T00:00:00Z"}
            """)
        let error = try await #require(throws: InputError.self) { try await importer(db).importJSONL(at: file.path) }
        #expect(error.file == file.path)
        #expect(error.position == "line 3")
        #expect(error.message.contains(expected), "\(error)")
        #expect(try await db.posts().isEmpty)
        try await db.database.drop()
    }
}
