import BlueskyAPI
import FakeBluesky
import Foundation
import MirrorBot
import Postgres
import TestSupport
import Testing

/// Issue 40 on Bluesky: a post of the human's with pictures is reposted with the same
/// pictures in order (uploaded as blobs, embedded with their alt texts and aspect ratios),
/// one over Bluesky's 2,000,000 bytes re-encoded within it, and its self-labels kept.
@Suite("mirror-bot start with the human's picture posts on Bluesky", .serialized)
struct BlueskyPictureEndToEndTests {
    static let pictures = [
        FakeBlueskyPicture(data: PictureEndToEndTests.png(1), alt: "A red sun over the sea", aspectRatio: BlueskyAspectRatio(width: 1200, height: 800)),
        FakeBlueskyPicture(data: PictureEndToEndTests.png(2), alt: "The same sun, half gone", aspectRatio: BlueskyAspectRatio(width: 800, height: 1200)),
        FakeBlueskyPicture(data: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 3, count: 64)), alt: ""),
    ]

    /// Every stored original of the human's posted on the fake with `pictures` (their blobs the
    /// human's) and stored with them as the learning loop stores one: each picture's
    /// `getBlob` URL at the service, alt text, aspect ratio; `labels` its self-labels.
    static func picture(
        _ harness: BlueskyDaemonHarness, _ pictures: [FakeBlueskyPicture] = pictures, text: String? = nil, labels: [String] = []
    ) async throws {
        let rows = try await harness.connection.query("SELECT id, text FROM posts WHERE in_reply_to_user_id IS NULL")
        for row in rows {
            let id = try row.decode("id", as: String.self)
            let body = try text ?? row.decode("text", as: String.self)
            let uri = harness.server.addPost(did: BlueskyDaemonHarness.human, text: body, pictures: pictures, labels: labels)
            let images = try #require(harness.server.post(uri: uri)?.record.embed?.images)
            let media = images.map { image in
                PostMedia(
                    kind: .photo,
                    url: "\(harness.server.baseURL.absoluteString)/xrpc/com.atproto.sync.getBlob?did=\(BlueskyDaemonHarness.human)&cid=\(image.image.cid)",
                    altText: image.alt, width: image.aspectRatio?.width, height: image.aspectRatio?.height)
            }
            try await harness.connection.query("UPDATE posts SET media = \(PostMedia.json(media))::jsonb, text = \(body) WHERE id = \(id)")
            if !labels.isEmpty { try await harness.connection.query("UPDATE posts SET sensitivity = string_to_array(\(labels.joined(separator: ",")), ',') WHERE id = \(id)") }
        }
    }

    /// The bot's first post on the fake.
    static func firstPost(_ harness: BlueskyDaemonHarness) -> FakeBlueskyPost? {
        harness.server.writes.lazy.compactMap { if case .post(let uri, _, _, _) = $0 { harness.server.post(uri: uri) } else { nil } }.first
    }

    /// The embedded pictures' bytes, from the bot's own blobs.
    static func bytes(_ harness: BlueskyDaemonHarness, of post: FakeBlueskyPost) -> [Data?] {
        (post.record.embed?.images ?? []).map { image in
            harness.server.blob(cid: image.image.cid).flatMap { $0.did == BlueskyDaemonHarness.bot ? $0.data : nil }
        }
    }

    @Test("POST_MEDIA unset (carry): the post goes out with its 3 pictures, the same bytes in order, the same alt texts and aspect ratios")
    func carried() async throws {
        try await BlueskyDaemonHarness.ready { harness in
            try await Self.picture(harness)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            #expect(post.did == BlueskyDaemonHarness.bot)
            #expect(post.record.text.hasPrefix(DaemonWorldHistory.humanOriginal))
            #expect(Self.bytes(harness, of: post) == Self.pictures.map(\.data))
            #expect(post.record.embed?.images.map(\.alt) == Self.pictures.map(\.alt))
            #expect(post.record.embed?.images.map(\.aspectRatio) == Self.pictures.map(\.aspectRatio))
            #expect(post.record.labels == nil)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture-only post (no text) goes out with its pictures")
    func pictureOnly() async throws {
        try await BlueskyDaemonHarness.ready { harness in
            try await Self.picture(harness, Array(Self.pictures.prefix(2)), text: "")
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            #expect(post.record.text == "")
            #expect(post.record.embed?.images.map(\.alt) == ["A red sun over the sea", "The same sun, half gone"])
            #expect(Self.bytes(harness, of: post) == Self.pictures.prefix(2).map(\.data))
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a self-labelled post goes out with its labels (com.atproto.label.defs#selfLabels)")
    func labelled() async throws {
        try await BlueskyDaemonHarness.ready { harness in
            try await Self.picture(harness, Array(Self.pictures.prefix(1)), labels: ["graphic-media", "nudity"])
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            #expect(post.record.labels?.vals.sorted() == ["graphic-media", "nudity"])
            #expect(post.record.embed?.images.count == 1)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a post warned with words (a Mastodon spoiler_text) is not posted: Bluesky has no text warning")
    func warnedWithWords() async throws {
        try await BlueskyDaemonHarness.ready { harness in
            try await harness.connection.query("UPDATE posts SET content_warning = 'spoilers' WHERE in_reply_to_user_id IS NULL")
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=slot_skipped") }, "\(harness.output)")
            #expect(harness.output.contains("bluesky_warning_not_carried"), "\(harness.output)")
            #expect(harness.posts.isEmpty)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a picture over 2,000,000 bytes is re-encoded with libvips within the limit, its aspect ratio kept")
    func reencoded() async throws {
        try await BlueskyDaemonHarness.ready { harness in
            let big = TestPNG.noise(width: 1200, height: 900)
            #expect(big.count > 2_000_000)
            let picture = FakeBlueskyPicture(data: big, alt: "Static", aspectRatio: BlueskyAspectRatio(width: 1200, height: 900))
            try await Self.picture(harness, [picture])
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(60) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            let image = try #require(post.record.embed?.images.first)
            let blob = try #require(harness.server.blob(cid: image.image.cid))
            #expect(blob.did == BlueskyDaemonHarness.bot)
            #expect(blob.mimeType == "image/jpeg")
            #expect(blob.data.count <= 2_000_000)
            let size = try #require(TestPNG.jpegSize(blob.data))
            // Never stretched: the same shape as the original, within a pixel of rounding.
            #expect(abs(Double(size.width) / Double(size.height) - 1200.0 / 900.0) < 0.01, "\(size)")
            #expect(image.alt == "Static")
            #expect(harness.output.contains("bluesky_picture_reencoded"), "\(harness.output)")
            #expect(harness.stop(daemon) == 0)
        }
    }
}

extension BlueskyPictureEndToEndTests {
    @Test("imported from a repository export (the CAR holds the blobs' CIDs): the post goes out with its 2 pictures, the PDS's bytes in order, alt texts and aspect ratios")
    func fromExport() async throws {
        try await BlueskyDaemonHarness.ready { harness in
            // Only the export's posts are near the slot the plan makes due now.
            let createdAt = try await harness.dueInstants()
            let pictures = [
                BlueskyExportFixture.Picture(data: [UInt8](PictureEndToEndTests.png(7)), mimeType: "image/png", alt: "Snow on the roof", width: 4, height: 3),
                BlueskyExportFixture.Picture(data: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 8, count: 64), mimeType: "image/jpeg", alt: "", width: 1, height: 1),
            ]
            let rkeys = createdAt.map { TID.make(microseconds: UInt64($0.timeIntervalSince1970 * 1_000_000), clockID: 1) }
            let export = BlueskyExportFixture(did: BlueskyDaemonHarness.human, records: zip(rkeys, createdAt).map { rkey, date in
                .raw(key: "app.bsky.feed.post/\(rkey)", value: BlueskyExportFixture.picturePost(
                    text: "雪だ", createdAt: BlueskyTimestamp.format(date), pictures: pictures))
            })
            let result = try BinaryRunner.run(["import", try export.write().path], environment: harness.environment)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("pictures: 40 found"), "\(result.stdout)")
            // The exported posts are still on the network, their blobs on the human's PDS.
            for (rkey, date) in zip(rkeys, createdAt) {
                harness.server.addPost(
                    did: BlueskyDaemonHarness.human, text: "雪だ", createdAt: date,
                    pictures: pictures.map {
                        FakeBlueskyPicture(data: Data($0.data), alt: $0.alt, aspectRatio: BlueskyAspectRatio(width: $0.width, height: $0.height), cid: $0.cid)
                    }, rkey: rkey)
            }
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let post = try #require(Self.firstPost(harness))
            #expect(post.record.text == "雪だ")
            #expect(Self.bytes(harness, of: post) == pictures.map { Data($0.data) })
            #expect(post.record.embed?.images.map(\.alt) == ["Snow on the roof", ""])
            #expect(post.record.embed?.images.map(\.aspectRatio) == [BlueskyAspectRatio(width: 4, height: 3), BlueskyAspectRatio(width: 1, height: 1)])
            #expect(harness.stop(daemon) == 0)
        }
    }
}
