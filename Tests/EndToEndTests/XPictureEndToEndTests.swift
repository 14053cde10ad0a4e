import FakeX
import Foundation
import MirrorBot
import Postgres
import TestSupport
import Testing
import XAPI

/// Issue 40 on X: a post of the human's with pictures is reposted with the same pictures, in
/// order, with the same alt texts (uploaded, described, attached), or not at all.
@Suite("mirror-bot start with the human's picture posts on X", .serialized)
struct XPictureEndToEndTests {
    static func png(_ tag: UInt8) -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: tag, count: 64)) }

    static let pictures = [
        FakeXPicture(data: png(1), altText: "A red sun over the sea", width: 1200, height: 800),
        FakeXPicture(data: png(2), altText: "The same sun, half gone", width: 800, height: 1200),
        FakeXPicture(data: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 3, count: 64)), contentType: "image/jpeg"),
    ]

    /// Every stored original of the human's given `pictures` on the fake and in the store, with
    /// their URLs on the fake, as the learning loop stores a post read with its media; returns their ids.
    @discardableResult
    static func picture(_ harness: DaemonHarness, _ pictures: [FakeXPicture] = pictures, text: String? = nil) async throws -> [String] {
        let ids = try await harness.connection.query("SELECT id FROM posts WHERE in_reply_to_user_id IS NULL")
            .map { try $0.decode("id", as: String.self) }
        for id in ids {
            let urls = harness.server.addPictures(pictures, toTweet: id)
            let media = zip(urls, pictures).map { url, picture in
                PostMedia(kind: .photo, url: url, altText: picture.altText, width: picture.width, height: picture.height)
            }
            try await harness.connection.query("UPDATE posts SET media = \(PostMedia.json(media))::jsonb WHERE id = \(id)")
            if let text { try await harness.connection.query("UPDATE posts SET text = \(text) WHERE id = \(id)") }
        }
        return ids
    }

    /// The bot's first post on the fake.
    static func firstPost(_ harness: DaemonHarness) -> FakeXTweet? {
        harness.server.writes.lazy.compactMap { if case .post(let id, _, _) = $0 { harness.server.tweet(id: id) } else { nil } }.first
    }

    @Test("POST_MEDIA unset (carry): the planned slot's post goes out with its 3 pictures, the same bytes in order, the same alt texts")
    func carried() async throws {
        try await DaemonHarness.ready { harness in
            try await Self.picture(harness)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            #expect(post.text.hasPrefix(DaemonWorldHistory.humanOriginal))
            let attached = harness.server.media(ofTweet: post.id)
            #expect(attached.map(\.data) == Self.pictures.map(\.data))
            #expect(attached.map(\.altText) == Self.pictures.map(\.altText))
            #expect(attached.allSatisfy { $0.ownerID == DaemonHarness.bot })
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a new post of the human's is learned from X with its pictures (the media expansion), in either dialect X speaks",
        arguments: XFieldDialect.allCases)
    func learnedFromAPI(dialect: XFieldDialect) async throws {
        try await DaemonHarness.ready { harness in
            harness.server.configure { $0.dialect = dialect }
            let id = harness.server.addTweet(
                authorID: DaemonHarness.human, text: "夕焼け https://t.co/AbC123", createdAt: Date().addingTimeInterval(-60), pictures: Self.pictures)
            let daemon = try harness.startDaemon()
            var stored: (text: String, media: [PostMedia])?
            for _ in 0..<40 where stored == nil {
                let rows = try await harness.connection.query("SELECT text, coalesce(media::text, '[]') AS media FROM posts WHERE id = \(id)")
                if let row = rows.first {
                    stored = (try row.decode("text", as: String.self), PostMedia.decoded(try row.decode("media", as: String.self)))
                } else {
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
            let post = try #require(stored, "\(harness.output)")
            #expect(post.text == "夕焼け")
            #expect(post.media.map(\.altText) == Self.pictures.map(\.altText))
            #expect(post.media.map(\.width) == Self.pictures.map(\.width))
            #expect(post.media.allSatisfy { $0.kind == .photo && $0.url.hasPrefix(harness.server.baseURL.absoluteString + "/media/") })
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture-only post (no text) goes out with its pictures")
    func pictureOnly() async throws {
        try await DaemonHarness.ready { harness in
            try await Self.picture(harness, Array(Self.pictures.prefix(2)), text: "")
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            #expect(post.text == "")
            #expect(harness.server.media(ofTweet: post.id).map(\.altText) == ["A red sun over the sea", "The same sun, half gone"])
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture its host no longer serves (404): not posted without it, said in one line, nothing uploaded")
    func goneAtSource() async throws {
        try await DaemonHarness.ready { harness in
            for id in try await Self.picture(harness) { harness.server.removeFile(ofTweet: id, at: 1) }
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=slot_skipped") }, "\(harness.output)")
            #expect(harness.output.contains("event=media_not_carried"), "\(harness.output)")
            #expect(harness.output.contains("the source answered 404"), "\(harness.output)")
            #expect(harness.posts.isEmpty)
            #expect(harness.server.uploads.isEmpty)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture post imported from an X archive goes out with the files of its tweets_media/, in order; a file the archive lacks is named")
    func fromArchive() async throws {
        try await DaemonHarness.ready { harness in
            // Yesterday at the slot's minute (two minutes ago), so the imported post is the one picked.
            let created = Date().addingTimeInterval(-86_400 - 120)
            let id = harness.server.addTweet(authorID: DaemonHarness.human, text: "夕焼け", createdAt: created)
            let missingID = harness.server.addTweet(authorID: DaemonHarness.human, text: "朝焼け", createdAt: created.addingTimeInterval(-86_400))
            let folder = try Self.writeArchive([
                (id, "夕焼け https://t.co/abcDEF", created, ["Dgr9qy8V4AAcmC9.jpg", "Dh0Xq2aUYAA2jpy.png"], [Self.png(10), Self.png(11)]),
                (missingID, "朝焼け https://t.co/ghiJKL", created.addingTimeInterval(-86_400), ["DjSxeuRX0AA_RHb.jpg"], []),
            ])
            let result = try BinaryRunner.run(["import", folder.path], environment: harness.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("pictures: 2 found, 1 missing"), "\(result.stdout)")
            let said = result.stdout + result.stderr
            #expect(said.contains("event=media_missing") && said.contains("\(missingID)-DjSxeuRX0AA_RHb.jpg"), "\(said)")
            // Only the imported originals are left to pick (the history's are marked withdrawn).
            try await harness.connection.query("""
                INSERT INTO withdrawn_posts (post_id, withdrawn_at)
                SELECT id, now() FROM posts WHERE in_reply_to_user_id IS NULL AND id <> \(id) AND id <> \(missingID)
                """)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            #expect(post.text == "夕焼け")
            #expect(harness.server.media(ofTweet: post.id).map(\.data) == [Self.png(10), Self.png(11)])
            #expect(harness.server.tweets(by: DaemonHarness.bot).allSatisfy { $0.text != "朝焼け" })
            #expect(harness.stop(daemon) == 0)
        }
    }

    /// An X archive (`data/tweets.js`, `data/tweets_media/`): each post with its media named
    /// `<post id>-<name>`, the files of `files` written (fewer files than names: the rest missing).
    static func writeArchive(_ posts: [(id: String, text: String, created: Date, names: [String], files: [Data])]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("x-archive-\(UUID().uuidString)")
        let media = folder.appendingPathComponent("data/tweets_media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        var entries: [[String: Any]] = []
        for post in posts {
            let link = String(post.text.split(separator: " ").last ?? "")
            let items: [[String: Any]] = post.names.map { name in
                ["type": "photo", "url": link, "media_url_https": "https://pbs.twimg.com/media/\(name)", "id_str": "1",
                 "sizes": ["large": ["w": "1200", "h": "800", "resize": "fit"]]]
            }
            entries.append(["tweet": [
                "id_str": post.id, "full_text": post.text, "created_at": formatter.string(from: post.created),
                "extended_entities": ["media": items],
            ]])
            for (name, data) in zip(post.names, post.files) { try data.write(to: media.appendingPathComponent("\(post.id)-\(name)")) }
        }
        let json = try JSONSerialization.data(withJSONObject: entries)
        try (Data("window.YTD.tweets.part0 = ".utf8) + json).write(to: folder.appendingPathComponent("data/tweets.js"))
        return folder
    }
}
