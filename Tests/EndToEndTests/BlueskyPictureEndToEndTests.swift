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
            // Only the export's posts are near the slot the plan makes due now: the human's other
            // originals are gone, from the network too (else learning would store them again).
            for row in try await harness.connection.query("SELECT id FROM posts WHERE in_reply_to_user_id IS NULL") {
                harness.server.deletePost(uri: try row.decode("id", as: String.self))
            }
            try await harness.connection.query("DELETE FROM posts WHERE in_reply_to_user_id IS NULL")
            let zone = try #require(TimeZone(identifier: harness.timeZone))
            let minute = (MinuteOfDay.of(Date(), in: zone) - 2 + 1440) % 1440
            let createdAt = (1...20).map { LocalDate(Date(), in: zone).adding(days: -$0).instant(atMinute: minute, in: zone) }
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

/// Pictures for the tests, made here: a PNG of noise (stored deflate blocks, so its size is
/// about its pixels') and the size a JPEG says in its frame header.
enum TestPNG {
    static func noise(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        var state: UInt32 = 12345
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<(width * 3) {
                state = state &* 1_664_525 &+ 1_013_904_223
                raw.append(UInt8(truncatingIfNeeded: state >> 24))
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let length = min(65_535, raw.count - offset)
            let final: UInt8 = offset + length == raw.count ? 1 : 0
            zlib += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            zlib += raw[offset..<offset + length]
            offset += length
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }

    /// Width and height from a JPEG's first SOF marker.
    static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC3).contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}
