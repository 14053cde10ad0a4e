import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport
import MirrorBotMisskey
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

@Suite("Misskey notes export import into PostgreSQL")
struct MisskeyExportImportTests {
    /// The shape `ExportNotesProcessorService` writes: one array, elements joined by `,\n`, ascending ids, no user.
    static func note(
        _ id: String, _ text: String?, at createdAt: String, replyId: String? = nil, renoteId: String? = nil, cw: String? = nil,
        visibility: String = "public"
    ) -> String {
        func json(_ value: String?) -> String {
            guard let value else { return "null" }
            let data = (try? JSONSerialization.data(withJSONObject: [value], options: [])) ?? Data("[\"\"]".utf8)
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        return #"{"id":"\#(id)","text":\#(json(text)),"createdAt":"\#(createdAt)","fileIds":[],"files":[],"replyId":\#(json(replyId)),"renoteId":\#(json(renoteId)),"poll":null,"cw":\#(json(cw)),"visibility":"\#(visibility)","visibleUserIds":[],"localOnly":false,"reactionAcceptance":null}"#
    }

    static let notes = [
        note("9a1b2c3d4e0a0001", "今日もいい天気だ", at: "2024-01-01T12:00:00.000Z"),
        note("9a1b2c3d4e0a0002", "**太字** の話", at: "2024-01-02T08:30:00.000Z", visibility: "home"),
        note("9a1b2c3d4e0a0003", "続き", at: "2024-01-03T09:00:00.000Z", replyId: "9a1b2c3d4e0a0001"),
        note("9a1b2c3d4e0a0004", "@friend ありがとう", at: "2024-01-04T09:00:00.000Z", replyId: "9zzzzzzzzz0a0001"),
        note("9a1b2c3d4e0a0005", nil, at: "2024-01-05T09:00:00.000Z", renoteId: "9zzzzzzzzz0a0002"),
        note("9a1b2c3d4e0a0006", "フォロワーだけに", at: "2024-01-06T09:00:00.000Z", visibility: "followers"),
        note("9a1b2c3d4e0a0007", "秘密", at: "2024-01-07T09:00:00.000Z", visibility: "specified"),
        note("9a1b2c3d4e0a0008", "犯人は…", at: "2024-01-08T09:00:00.000Z", cw: "ネタバレ"),
        note("9a1b2c3d4e0a0009", "引用です", at: "2024-01-09T09:00:00.000Z", renoteId: "9zzzzzzzzz0a0003"),
    ]

    static func write(_ elements: [String], name: String = "notes-2024-02-01-10-00-00.json") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("misskey-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(("[" + elements.joined(separator: ",\n") + "]").utf8).write(to: file)
        return file
    }

    func importer(_ db: MigratedDatabase) async throws -> ArchiveImporter {
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        return ArchiveImporter(store: store, postLimit: 10_000)
    }

    @Test("the human's own public and home notes are stored under their ids, a warned one with its cw; renotes and private notes counted")
    func importsExport() async throws {
        let db = try await MigratedDatabase.make()
        let file = try Self.write(Self.notes)
        #expect(ArchiveImporter.isMisskeyExport(file.path))
        #expect(ArchiveImporter.isMisskeyExport(file.deletingLastPathComponent().path))
        #expect(!ArchiveImporter.isMisskeyExport(file.deletingLastPathComponent().appendingPathComponent("outbox.json").path))
        let summary = try await importer(db).importMisskeyExport(at: file.deletingLastPathComponent().path)
        #expect(summary.stored == 6)
        #expect(summary.retweets == 1)
        #expect(summary.privateSkipped == 2)
        #expect(summary.warningsKept == 1)
        #expect(summary.errors.isEmpty)
        let posts = try await db.posts()
        #expect(Set(posts.keys) == ["9a1b2c3d4e0a0001", "9a1b2c3d4e0a0002", "9a1b2c3d4e0a0003", "9a1b2c3d4e0a0004", "9a1b2c3d4e0a0008", "9a1b2c3d4e0a0009"])
        let warning = try await db.connection.query("SELECT content_warning FROM posts WHERE id = '9a1b2c3d4e0a0008'").first
        #expect(warning?["content_warning"] == "ネタバレ")
        #expect(posts["9a1b2c3d4e0a0001"] == StoredPost(text: "今日もいい天気だ", minuteOfDay: 720))
        #expect(posts["9a1b2c3d4e0a0002"]?.text == "**太字** の話")
        // A reply in the human's own thread, and one to a note outside the export: both replies, never reposted.
        #expect(posts["9a1b2c3d4e0a0003"]?.replyTo == "misskey:self")
        #expect(posts["9a1b2c3d4e0a0004"]?.replyTo == "misskey:note:9zzzzzzzzz0a0001")

        let again = try await importer(db).importMisskeyExport(at: file.path)
        #expect(again.stored == 0 && again.duplicates == 6)
    }

    @Test("a malformed export is refused naming the file and the item, and nothing is stored")
    func refusesMalformed() async throws {
        let db = try await MigratedDatabase.make()
        let cases: [([String], String)] = [
            (Self.notes + [#"{"id":"9a1b2c3d4e0a0010","text":"x","visibility":"public"}"#], "[9]: the note cannot be read"),
            (Self.notes.prefix(2) + [Self.note("9a1b2c3d4e0a0011", "x", at: "yesterday")], "[2]: the note 9a1b2c3d4e0a0011 has no valid createdAt"),
            ([Self.note("9a1b2c3d4e0a0012", "x", at: "2024-01-01T00:00:00.000Z", visibility: "unlisted")], "[0]: the note 9a1b2c3d4e0a0012 has an unknown visibility"),
            ([Self.note("9a1b2c3d4e0a0013", "x", at: "2099-01-01T00:00:00.000Z")], "[0]: the note 9a1b2c3d4e0a0013 was made"),
        ]
        for (elements, expected) in cases {
            let file = try Self.write(Array(elements))
            do {
                _ = try await importer(db).importMisskeyExport(at: file.path)
                Issue.record("imported: \(expected)")
            } catch let error as InputError {
                #expect(error.description.hasPrefix(file.path + ", " + expected), "\(error)")
            }
        }
        let notArray = try Self.write([], name: "notes-2024-02-02-00-00-00.json")
        try Data(#"{"notes":[]}"#.utf8).write(to: notArray)
        await #expect(throws: InputError.self) { _ = try await importer(db).importMisskeyExport(at: notArray.path) }
        #expect(try await db.posts().isEmpty)
    }

    @Test("an export of renotes only is refused as nothing to import")
    func onlyRenotes() async throws {
        let db = try await MigratedDatabase.make()
        let file = try Self.write([Self.note("9a1b2c3d4e0a0001", nil, at: "2024-01-01T00:00:00.000Z", renoteId: "9zzzzzzzzz0a0001")])
        await #expect(throws: InputError.self) { _ = try await importer(db).importMisskeyExport(at: file.path) }
    }

    @Test("each note's files are kept as its media in order (type, url, comment as alt text, flag, size); a file the export did not pack is named missing, kept without a URL; a note of files alone is stored")
    func filesKept() async throws {
        let db = try await MigratedDatabase.make()
        let sun = #"{"id":"9f0000000000a001","createdAt":"2024-01-01T12:00:00.000Z","name":"sun.png","type":"image/png","md5":"0","size":10,"isSensitive":false,"blurhash":null,"properties":{"width":1200,"height":800},"url":"https://misskey.example/files/sun","thumbnailUrl":null,"comment":"A red sun","folderId":null,"folder":null,"userId":null,"user":null}"#
        let sea = #"{"id":"9f0000000000a002","createdAt":"2024-01-01T12:00:00.000Z","name":"sea.mp4","type":"video/mp4","md5":"0","size":10,"isSensitive":true,"blurhash":null,"properties":{},"url":"https://misskey.example/files/sea","thumbnailUrl":null,"comment":null,"folderId":null,"folder":null,"userId":null,"user":null}"#
        func withFiles(_ note: String, ids: [String], files: [String]) -> String {
            let names = ids.map { "\"\($0)\"" }.joined(separator: ",")
            return note.replacingOccurrences(of: #""fileIds":[],"files":[]"#, with: #""fileIds":["# + names + #"],"files":["# + files.joined(separator: ",") + "]")
        }
        let file = try Self.write([
            withFiles(Self.note("9a1b2c3d4e0a0001", "夕日", at: "2024-01-01T12:00:00.000Z"), ids: ["9f0000000000a001", "9f0000000000a002"], files: [sun, sea]),
            withFiles(Self.note("9a1b2c3d4e0a0002", nil, at: "2024-01-02T12:00:00.000Z"), ids: ["9f0000000000a001"], files: [sun]),
            withFiles(Self.note("9a1b2c3d4e0a0003", "消えた", at: "2024-01-03T12:00:00.000Z"), ids: ["9f0000000000a009"], files: []),
        ])
        let summary = try await importer(db).importMisskeyExport(at: file.path)
        #expect(summary.stored == 3)
        #expect(summary.mediaFound == 3)
        #expect(summary.mediaMissing == ["note 9a1b2c3d4e0a0003: file 9f0000000000a009 not in the export"])
        func media(_ id: String) async throws -> [PostMedia] {
            let row = try await db.connection.query("SELECT media::text AS media FROM posts WHERE id = \(id)").first
            return PostMedia.decoded(row?["media"])
        }
        #expect(try await media("9a1b2c3d4e0a0001") == [
            PostMedia(kind: .photo, url: "https://misskey.example/files/sun", altText: "A red sun", width: 1200, height: 800),
            PostMedia(kind: .video, url: "https://misskey.example/files/sea", sensitive: true),
        ])
        #expect(try await media("9a1b2c3d4e0a0002").map(\.url) == ["https://misskey.example/files/sun"])
        let lost = try await media("9a1b2c3d4e0a0003")
        #expect(lost.count == 1 && !lost[0].isFetchable)
    }
}
