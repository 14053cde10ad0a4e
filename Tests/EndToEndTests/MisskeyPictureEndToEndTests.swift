import FakeMisskey
import Foundation
import MirrorBot
import Postgres
import TestSupport
import Testing

/// Issue 40 on Misskey: a note of the human's with pictures is reposted with the same
/// pictures, in order, with the same alt texts and sensitive flags, or not at all.
@Suite("mirror-bot start with the human's picture notes on Misskey", .serialized)
struct MisskeyPictureEndToEndTests {
    static let pictures = [
        FakeMisskeyPicture(data: PictureEndToEndTests.png(1), name: "sun.png", comment: "A red sun over the sea"),
        FakeMisskeyPicture(data: PictureEndToEndTests.png(2), name: "sun2.png", comment: "The same sun, half gone", isSensitive: true),
        FakeMisskeyPicture(data: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 3, count: 64)), name: "sea.jpg"),
    ]

    /// Every stored original of the human's given `pictures` on the fake and in the store, as
    /// the learning loop stores a note with its `files`; returns the originals' ids.
    @discardableResult
    static func picture(_ harness: MisskeyDaemonHarness, _ pictures: [FakeMisskeyPicture] = pictures, text: String? = nil) async throws -> [String] {
        let ids = try await harness.connection.query("SELECT id FROM posts WHERE in_reply_to_user_id IS NULL").map { try $0.decode("id", as: String.self) }
        for id in ids {
            let urls = harness.server.addPictures(pictures, toNote: id)
            let media = zip(urls, pictures).map { url, picture in
                PostMedia(kind: .photo, url: url, altText: picture.comment, sensitive: picture.isSensitive)
            }
            try await harness.connection.query("UPDATE posts SET media = \(PostMedia.json(media))::jsonb WHERE id = \(id)")
            if let text { try await harness.connection.query("UPDATE posts SET text = \(text) WHERE id = \(id)") }
        }
        return ids
    }

    /// The bot's first note on the fake.
    static func firstNote(_ harness: MisskeyDaemonHarness) -> FakeMisskeyNote? {
        harness.server.writes.lazy.compactMap { if case .note(let id, _, _, _, _) = $0 { harness.server.note(id: id) } else { nil } }.first
    }

    @Test("POST_MEDIA unset (carry): the slot's note goes out with its 3 pictures, the same bytes in order, alt texts and the sensitive one kept sensitive; the status page lists them")
    func carried() async throws {
        try await MisskeyDaemonHarness.ready { harness in
            try await Self.picture(harness)
            let daemon = try harness.startDaemon(["STATUS_PORT": "0"])
            // The note reaches the fake before the daemon has read the answer and logged it.
            #expect(await harness.waitFor(30) { !harness.notes.isEmpty && harness.output.contains("event=posted") }, "\(harness.output)")
            #expect(harness.output.contains("event=posted") && harness.output.contains("pictures=3"), "\(harness.output)")
            let port = try #require(HTTPProbe.port(inLog: harness.output), "\(harness.output)")
            let page = try HTTPProbe.get("/", port: port).body
            #expect(page.contains("3 pictures<ol><li>alt: <q>A red sun over the sea</q></li><li>alt: <q>The same sun, half gone</q></li><li class=\"muted\">no alt text</li></ol>"), "\(page)")
            #expect(!page.contains("<img"))
            let note = try #require(Self.firstNote(harness))
            #expect(note.text?.hasPrefix(DaemonWorldHistory.humanOriginal) == true)
            let attached = harness.server.files(ofNote: note.id)
            #expect(attached.map(\.data) == Self.pictures.map(\.data))
            #expect(attached.map(\.comment) == Self.pictures.map(\.comment))
            #expect(attached.map(\.isSensitive) == [false, true, false])
            #expect(attached.allSatisfy { $0.userId == MisskeyDaemonHarness.bot })
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture-only note (no text) goes out with its pictures and no text")
    func pictureOnly() async throws {
        try await MisskeyDaemonHarness.ready { harness in
            try await Self.picture(harness, Array(Self.pictures.prefix(2)), text: "")
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.notes.isEmpty }, "\(harness.output)")
            let note = try #require(Self.firstNote(harness))
            #expect(note.text == nil)
            #expect(harness.server.files(ofNote: note.id).map(\.comment) == ["A red sun over the sea", "The same sun, half gone"])
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture its host no longer serves (404): nothing sent, said in one media_not_carried line, the slot skipped")
    func goneAtSource() async throws {
        try await MisskeyDaemonHarness.ready { harness in
            for id in try await Self.picture(harness) { harness.server.removeFile(ofNote: id, at: 1) }
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=slot_skipped") }, "\(harness.output)")
            #expect(harness.output.contains("event=media_not_carried"), "\(harness.output)")
            #expect(harness.output.contains("the source answered 404"), "\(harness.output)")
            #expect(harness.notes.isEmpty)
            #expect(harness.server.uploads.isEmpty)
            #expect(harness.stop(daemon) == 0)
        }
    }
}

extension MisskeyPictureEndToEndTests {
    @Test("a picture note imported from a Misskey notes export goes out with the files the export packed, in order, with their alt texts")
    func fromExport() async throws {
        try await MisskeyDaemonHarness.ready { harness in
            // Yesterday at the slot's minute (two minutes ago), so the imported note is the one picked;
            // it is on the server too (the bot looks it up before use), its files in the human's drive.
            let made = Date().addingTimeInterval(-86_400 - 120)
            let id = harness.server.addNote(userId: MisskeyDaemonHarness.human, text: "夕焼け", pictures: Array(Self.pictures.prefix(2)), at: made)
            let files = harness.server.files(ofNote: id).map { file in
                let comment = file.comment.map { "\"\($0)\"" } ?? "null"
                return #"{"id":"\#(file.id)","name":"\#(file.name)","type":"\#(file.type)","size":\#(file.data.count),"isSensitive":\#(file.isSensitive),"properties":{},"url":"\#(harness.server.baseURL.absoluteString)/files/\#(file.id)","comment":\#(comment)}"#
            }
            let fileIds = harness.server.files(ofNote: id).map { "\"\($0.id)\"" }.joined(separator: ",")
            let note = #"{"id":"\#(id)","text":"夕焼け","createdAt":"\#(ISO8601DateFormatter().string(from: made))","fileIds":[\#(fileIds)],"files":[\#(files.joined(separator: ","))],"replyId":null,"renoteId":null,"poll":null,"cw":null,"visibility":"public","visibleUserIds":[],"localOnly":false,"reactionAcceptance":null}"#
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("misskey-pictures-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let export = folder.appendingPathComponent("notes-2026-01-01-00-00-00.json")
            try Data("[\(note)]".utf8).write(to: export)
            let result = try BinaryRunner.run(["import", export.path], environment: harness.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("pictures: 2 found"), "\(result.stdout)")
            try await harness.connection.query("""
                INSERT INTO withdrawn_posts (post_id, withdrawn_at)
                SELECT id, now() FROM posts WHERE in_reply_to_user_id IS NULL AND id <> \(id)
                """)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.notes.isEmpty }, "\(harness.output)")
            let posted = try #require(Self.firstNote(harness))
            #expect(posted.text == "夕焼け")
            let attached = harness.server.files(ofNote: posted.id)
            #expect(attached.map(\.data) == Self.pictures.prefix(2).map(\.data))
            #expect(attached.map(\.comment) == ["A red sun over the sea", "The same sun, half gone"])
            #expect(attached.map(\.isSensitive) == [false, true])
            #expect(attached.allSatisfy { $0.userId == MisskeyDaemonHarness.bot })
            #expect(harness.stop(daemon) == 0)
        }
    }
}
