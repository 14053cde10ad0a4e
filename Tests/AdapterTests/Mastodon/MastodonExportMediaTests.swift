import Foundation
import MirrorBot
import MirrorBotImport
@testable import MirrorBotMastodon
import MirrorBotPostgres
import TestSupport
import Testing

@Suite("Mastodon export import: pictures found in media_attachments/, a missing one named")
struct MastodonExportMediaTests {
    static let actor = MastodonExportFixture.actor

    /// A public note with `attachments` (as Mastodon's BackupService writes them).
    static func note(_ id: String, _ html: String, _ attachments: [[String: Any]], sensitive: Bool = false) -> MastodonExportFixture.Item {
        let note: [String: Any] = [
            "id": "\(actor)/statuses/\(id)", "type": "Note", "summary": NSNull(), "inReplyTo": NSNull(), "published": "2023-02-0\(id.suffix(1))T09:00:00Z",
            "attributedTo": actor, "to": ["https://www.w3.org/ns/activitystreams#Public"], "cc": ["\(actor)/followers"], "sensitive": sensitive,
            "content": html, "attachment": attachments, "tag": [] as [Any],
        ]
        let activity: [String: Any] = [
            "id": "\(actor)/statuses/\(id)/activity", "type": "Create", "actor": actor, "published": "2023-02-0\(id.suffix(1))T09:00:00Z",
            "to": ["https://www.w3.org/ns/activitystreams#Public"], "cc": ["\(actor)/followers"], "object": note,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: activity, options: [.withoutEscapingSlashes])) ?? Data()
        return .raw(String(decoding: data, as: UTF8.self))
    }

    static func attachment(_ path: String, _ type: String, name: Any = NSNull(), width: Int = 640, height: Int = 480) -> [String: Any] {
        ["type": "Document", "mediaType": type, "url": path, "name": name, "blurhash": "U6B{xw", "width": width, "height": height]
    }

    static let cat = "/media_attachments/files/105/978/347/original/50cff9d25569255e.png"
    static let dog = "/media_attachments/files/105/978/348/original/373c6e2d755567dd.jpeg"
    static let lost = "/media_attachments/files/105/979/398/original/d249d24012aa1363.jpeg"

    @Test("each attachment is stored in order with its alt text and size, pointing at its file; a missing file is named in one line and its post kept")
    func attachmentsImported() async throws {
        let export = MastodonExportFixture(items: [
            Self.note("2001", "<p>two pets</p>", [Self.attachment(Self.cat, "image/png", name: "A cat asleep"), Self.attachment(Self.dog, "image/jpeg", name: "")], sensitive: true),
            Self.note("2002", "<p>a lost one</p>", [Self.attachment(Self.lost, "image/jpeg")]),
            Self.note("2003", "", [Self.attachment(Self.dog, "image/jpeg", width: 750, height: 1334)]),
        ])
        let folder = try export.write()
        for path in [Self.cat, Self.dog] {
            let file = folder.appendingPathComponent(String(path.dropFirst()))
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: file)
        }
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let summary = try await ArchiveImporter(store: store, postLimit: 10_000).importMastodonExport(at: folder.path)
        #expect(summary.stored == 3)
        #expect(summary.empty == 0)
        #expect(summary.mediaFound == 3)
        #expect(summary.mediaMissing == ["note \(Self.actor)/statuses/2002: \(Self.lost) not in the export"])

        let rows = try await db.connection.query("SELECT id, media::text AS media FROM posts ORDER BY id")
        let media = try Dictionary(uniqueKeysWithValues: rows.map { (try $0.decode("id", as: String.self), PostMedia.decoded($0["media"])) })
        func fileURL(_ path: String) -> String { folder.appendingPathComponent(String(path.dropFirst())).absoluteString }
        let pets = try #require(media.first { $0.key.hasSuffix("2001") }?.value)
        #expect(pets == [
            PostMedia(kind: .photo, url: fileURL(Self.cat), altText: "A cat asleep", width: 640, height: 480, sensitive: true),
            PostMedia(kind: .photo, url: fileURL(Self.dog), width: 640, height: 480, sensitive: true),
        ])
        #expect(media.first { $0.key.hasSuffix("2002") }?.value == [PostMedia(kind: .photo, url: Self.lost, width: 640, height: 480)])
        #expect(media.first { $0.key.hasSuffix("2003") }?.value.map(\.url) == [fileURL(Self.dog)])
        try await db.database.drop()
    }

    @Test("an attachment url leading out of the export's folder is never read")
    func staysInside() throws {
        let folder = try MastodonExportFixture(items: []).write()
        let files = MastodonExportMedia(folder: folder)
        #expect(files.file(for: "/../../etc/passwd") == nil)
        #expect(files.file(for: "/outbox.json") != nil)
    }
}
