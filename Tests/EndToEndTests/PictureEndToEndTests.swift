import FakeMastodon
import Foundation
import MirrorBot
import Postgres
import TestSupport
import Testing

/// Issue 40: a post of the human's with pictures is reposted on Mastodon with the same
/// pictures, in order, with the same alt texts, or not at all (`POST_MEDIA`).
@Suite("mirror-bot start with the human's picture posts on Mastodon", .serialized)
struct PictureEndToEndTests {
    static func png(_ tag: UInt8) -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: tag, count: 64)) }

    static let pictures = [
        FakeMastodonPicture(data: png(1), description: "A red sun over the sea", width: 1200, height: 800),
        FakeMastodonPicture(data: png(2), description: "The same sun, half gone", width: 800, height: 1200),
        FakeMastodonPicture(data: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 3, count: 64)), contentType: "image/jpeg"),
    ]

    /// Every stored original of the human's given `pictures` on the fake and in the store, as
    /// the learning loop stores a status with its `media_attachments`; returns the originals' ids.
    @discardableResult
    static func picture(_ harness: MastodonDaemonHarness, _ pictures: [FakeMastodonPicture] = pictures, text: String? = nil) async throws -> [String] {
        let ids = try await harness.connection.query("SELECT id FROM posts WHERE in_reply_to_user_id IS NULL").map { try $0.decode("id", as: String.self) }
        for id in ids {
            let urls = harness.server.addPictures(pictures, toStatus: id)
            let media = zip(urls, pictures).map { url, picture in
                PostMedia(kind: .photo, url: url, altText: picture.description, width: picture.width, height: picture.height)
            }
            try await harness.connection.query("UPDATE posts SET media = \(PostMedia.json(media))::jsonb WHERE id = \(id)")
            if let text { try await harness.connection.query("UPDATE posts SET text = \(text) WHERE id = \(id)") }
        }
        return ids
    }

    /// The bot's first post on the fake.
    static func firstPost(_ harness: MastodonDaemonHarness) -> FakeMastodonStatus? {
        harness.server.writes.lazy.compactMap { if case .post(let id, _, _, _) = $0 { harness.server.status(id: id) } else { nil } }.first
    }

    @Test("POST_MEDIA unset (carry): the planned slot's post goes out with its 3 pictures, the same bytes in order, the same alt texts")
    func carried() async throws {
        try await MastodonDaemonHarness.ready { harness in
            try await Self.picture(harness)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let status = try #require(Self.firstPost(harness))
            #expect(status.text.hasPrefix(DaemonWorldHistory.humanOriginal))
            let attached = harness.server.media(ofStatus: status.id)
            #expect(attached.map(\.data) == Self.pictures.map(\.data))
            #expect(attached.map(\.description) == Self.pictures.map(\.description))
            #expect(attached.allSatisfy { $0.accountID == MastodonDaemonHarness.bot })
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture-only post (no text) goes out with its pictures")
    func pictureOnly() async throws {
        try await MastodonDaemonHarness.ready { harness in
            try await Self.picture(harness, Array(Self.pictures.prefix(2)), text: "")
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let status = try #require(Self.firstPost(harness))
            #expect(status.text == "")
            #expect(harness.server.media(ofStatus: status.id).map(\.description) == ["A red sun over the sea", "The same sun, half gone"])
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture its host no longer serves (404): not posted without it, said in one line, the slot skipped")
    func goneAtSource() async throws {
        try await MastodonDaemonHarness.ready { harness in
            for id in try await Self.picture(harness) { harness.server.removeFile(ofStatus: id, at: 1) }
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=slot_skipped") }, "\(harness.output)")
            #expect(harness.output.contains("event=media_not_carried"), "\(harness.output)")
            #expect(harness.output.contains("the source answered 404"), "\(harness.output)")
            #expect(harness.posts.isEmpty)
            #expect(harness.server.uploads.isEmpty)
            // Gone for good: kept from the picks like a refused text, never tried again.
            let refused = try await harness.connection.query("SELECT count(*)::int AS n FROM bot_texts WHERE refused_at IS NOT NULL")
            let lines = harness.output.components(separatedBy: "event=media_not_carried").count - 1
            let marked = try refused.first?.decode("n", as: Int.self)
            #expect(lines >= 1 && marked == lines, "\(harness.output)")
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("POST_MEDIA=text: the post's text alone, nothing uploaded")
    func textOnly() async throws {
        try await MastodonDaemonHarness.ready { harness in
            try await Self.picture(harness)
            let daemon = try harness.startDaemon(["POST_MEDIA": "text"])
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let status = try #require(Self.firstPost(harness))
            #expect(status.text.hasPrefix(DaemonWorldHistory.humanOriginal))
            #expect(status.mediaIDs.isEmpty)
            #expect(harness.server.uploads.isEmpty)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("POST_MEDIA=skip: posts with pictures are left out; with every original pictured, the slot is skipped")
    func skipped() async throws {
        try await MastodonDaemonHarness.ready { harness in
            try await Self.picture(harness)
            let daemon = try harness.startDaemon(["POST_MEDIA": "skip"])
            #expect(await harness.waitFor(30) { harness.output.contains("event=slot_skipped") }, "\(harness.output)")
            #expect(harness.output.contains(#"reason="no stored post fits""#), "\(harness.output)")
            #expect(harness.posts.isEmpty)
            #expect(harness.server.uploads.isEmpty)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture post imported from a Mastodon export goes out with the files of its media_attachments/, in order, with their alt texts")
    func fromExport() async throws {
        try await MastodonDaemonHarness.ready { harness in
            // Yesterday at the slot's minute (two minutes ago), so the imported post is the one picked.
            let published = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400 - 120))
            let files = ["/media_attachments/files/110/1/original/a.png", "/media_attachments/files/110/2/original/b.png"]
            let export = MastodonExportFixture(items: [
                .note(id: "600", published: published, html: "<p>夕焼け</p>", attachments: [
                    .init(url: files[0], mediaType: "image/png", name: "海に沈む赤い太陽"), .init(url: files[1], mediaType: "image/png", name: "半分沈んだ太陽"),
                ]),
            ])
            let folder = try export.write()
            for (index, path) in files.enumerated() {
                let file = folder.appendingPathComponent(String(path.dropFirst()))
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.png(UInt8(10 + index)).write(to: file)
            }
            let result = try BinaryRunner.run(["import", folder.path], environment: harness.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("pictures: 2 found"), "\(result.stdout)")
            // Only the imported original is left to pick (the history's are marked withdrawn, so the
            // learning loop does not store them again); it is still on the server (the bot looks it up first).
            try await harness.connection.query("""
                INSERT INTO withdrawn_posts (post_id, withdrawn_at)
                SELECT id, now() FROM posts WHERE in_reply_to_user_id IS NULL AND id <> '600'
                """)
            harness.server.addStatus(id: "600", accountID: MastodonDaemonHarness.human, text: "夕焼け")
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let status = try #require(Self.firstPost(harness))
            #expect(status.text == "夕焼け")
            let attached = harness.server.media(ofStatus: status.id)
            #expect(attached.map(\.data) == [Self.png(10), Self.png(11)])
            #expect(attached.map(\.description) == ["海に沈む赤い太陽", "半分沈んだ太陽"])
            #expect(harness.stop(daemon) == 0)
        }
    }
}
