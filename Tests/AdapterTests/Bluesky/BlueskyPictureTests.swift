import BlueskyAPI
import CBOR
import CoreTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FakeBluesky
import Foundation
import MirrorBot
import MirrorBotImport
import TestSupport
import Testing

@testable import ImageShrink
@testable import MirrorBotBluesky

/// Issue 40 on Bluesky: pictures read from the API and from a repository export, carried on
/// repost as blobs in `app.bsky.embed.images`, and the fake checking them as the PDS does.
@Suite("Bluesky pictures: read, carried, checked (issue 40)", .serialized)
struct BlueskyPictureTests {
    static let human = "did:plc:hhhhhhhhhhhhhhhhhhhhhhhh", bot = "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"
    static func png(_ tag: UInt8) -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: tag, count: 64)) }

    final class World: Sendable {
        let server = FakeBlueskyServer()
        let store = InMemoryBlueskySessionStore()

        init() throws {
            server.addAccount(did: BlueskyPictureTests.human, handle: "human.test", appPassword: "human-pass")
            server.addAccount(did: BlueskyPictureTests.bot, handle: "mirror.test", appPassword: "bot-pass")
            try server.start()
        }

        deinit { server.stop() }

        func network(_ identifier: String, _ password: String) -> BlueskyNetwork {
            let client = BlueskyClient(
                identifier: identifier, appPassword: password, store: store,
                configuration: BlueskyClientConfiguration(serviceURL: server.baseURL, maxAttempts: 2, retryBaseDelay: .milliseconds(5), timeout: 5))
            return BlueskyNetwork(client: client)
        }

        var human: BlueskyNetwork { network("human.test", "human-pass") }
        var bot: BlueskyNetwork { network("mirror.test", "bot-pass") }

        /// An XRPC call as the bot, its answer's status and body.
        func call(_ method: String, _ nsid: String, body: Data, contentType: String?) async throws -> (Int, String) {
            let token = try await bot.client.session().accessJwt
            var request = URLRequest(url: server.baseURL.appendingPathComponent("xrpc/\(nsid)"))
            request.httpMethod = method
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
            request.httpBody = body
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
    }

    @Test("from the API: a post's pictures in order, each its getBlob URL at the service, alt text and aspect ratio; the URL serves the bytes")
    func readFromAPI() async throws {
        let world = try World()
        let pictures = [
            FakeBlueskyPicture(data: Self.png(1), alt: "A red sun", aspectRatio: BlueskyAspectRatio(width: 1200, height: 800)),
            FakeBlueskyPicture(data: Self.png(2), alt: ""),
        ]
        world.server.addPost(did: Self.human, text: "sunset", pictures: pictures, labels: ["nudity"])
        let read = try await readAll(world.human.posts(of: Self.human, after: nil, limit: 10)).posts
        let media = try #require(read.first?.media)
        #expect(media.map(\.altText) == ["A red sun", nil])
        #expect(media.map(\.width) == [1200, nil])
        #expect(media.map(\.height) == [800, nil])
        #expect(media.allSatisfy { $0.kind == .photo && $0.sensitive })
        for (item, picture) in zip(media, pictures) {
            let named = try #require(BlueskyBlobURL.parse(item.url))
            #expect(named.did == Self.human)
            #expect(item.url.hasPrefix(world.server.baseURL.absoluteString + "/xrpc/com.atproto.sync.getBlob?"))
            let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: item.url)))
            #expect(data == picture.data)
        }
    }

    /// A blob ref as a repository holds it: `ref` a CID link (raw codec, sha-256).
    static func blobRef(_ bytes: [UInt8], mimeType: String) -> (CBORValue, String) {
        let cid: [UInt8] = [0x01, 0x55, 0x12, 0x20] + BlueskyExportFixture.sha256(bytes)
        let value = CBORValue.object([
            "$type": .text("blob"), "ref": .tagged(42, .bytes([0x00] + cid)), "mimeType": .text(mimeType), "size": .unsigned(UInt64(bytes.count)),
        ])
        return (value, BlueskyCID(bytes: cid).description)
    }

    static func postValue(_ text: String, embed: CBORValue) -> CBORValue {
        .object(["$type": .text("app.bsky.feed.post"), "text": .text(text), "createdAt": .text("2024-05-01T10:00:00.000Z"), "embed": embed])
    }

    @Test("from a repository export: images and recordWithMedia's images in order with their alts and aspect ratios, a video read as one; bytes fetched from the service")
    func readFromExport() throws {
        let (first, firstCID) = Self.blobRef([1, 2, 3], mimeType: "image/jpeg")
        let (second, secondCID) = Self.blobRef([4, 5, 6], mimeType: "image/png")
        let (clip, clipCID) = Self.blobRef([7, 8, 9], mimeType: "video/mp4")
        let images = CBORValue.object(["$type": .text("app.bsky.embed.images"), "images": .array([
            .object(["image": first, "alt": .text("first"), "aspectRatio": .object(["width": .unsigned(4), "height": .unsigned(3)])]),
            .object(["image": second, "alt": .text("")]),
        ])])
        let quoted = CBORValue.object(["$type": .text("app.bsky.embed.recordWithMedia"), "media": .object([
            "$type": .text("app.bsky.embed.images"), "images": .array([.object(["image": second, "alt": .text("quoted")])]),
        ]), "record": .object(["record": .object(["uri": .text("at://did:plc:x/app.bsky.feed.post/3k"), "cid": .text("bafyreix")])])])
        let video = CBORValue.object(["$type": .text("app.bsky.embed.video"), "video": clip, "alt": .text("a clip")])
        let fixture = BlueskyExportFixture(did: Self.human, records: [
            .raw(key: "app.bsky.feed.post/3kaaaaaaaaa22", value: Self.postValue("two", embed: images)),
            .raw(key: "app.bsky.feed.post/3kaaaaaaaab22", value: Self.postValue("", embed: quoted)),
            .raw(key: "app.bsky.feed.post/3kaaaaaaaac22", value: Self.postValue("clip", embed: video)),
        ])
        let service = URL(string: "https://pds.example")!
        let posts = try ArchiveImporter.readRepository(fixture.bytes(), file: "repo.car", blobService: service).posts
        let byText = Dictionary(uniqueKeysWithValues: posts.map { ($0.text, $0.media) })
        let two = try #require(byText["two"])
        #expect(two.map(\.url) == [firstCID, secondCID].map { BlueskyBlobURL.url(service: service, did: Self.human, cid: $0) })
        #expect(two.map(\.altText) == ["first", nil])
        #expect(two[0].width == 4 && two[0].height == 3)
        #expect(byText[""]?.map(\.altText) == ["quoted"])
        #expect(byText["clip"]?.map(\.kind) == [.video])
        #expect(byText["clip"]?.first.flatMap { BlueskyBlobURL.parse($0.url)?.cid } == clipCID)
    }

    @Test("an image of the record that would not decode keeps its place as media that cannot be carried, never a shorter post")
    func unreadableImage() throws {
        let blob = { (cid: String) in #"{"$type":"blob","ref":{"$link":"\#(cid)"},"mimeType":"image/png","size":10}"# }
        let json = #"{"$type":"app.bsky.feed.post","text":"three","createdAt":"2026-12-04T10:00:00Z","embed":{"$type":"app.bsky.embed.images","images":[{"image":\#(blob("bafkreione")),"alt":"one"},{"alt":"no blob"},{"image":\#(blob("bafkreithree")),"alt":"three"}]}}"#
        let record = try JSONDecoder().decode(BlueskyPostRecord.self, from: Data(json.utf8))
        #expect(record.embed?.unreadable == [1])
        let media = BlueskyPostMapping.media(of: record, did: Self.human, blobService: try #require(URL(string: "https://pds.example")))
        #expect(media.map(\.kind) == [.photo, .other, .photo])
        #expect(media.map(\.altText) == ["one", nil, "three"])
        #expect(media[1].url.isEmpty)
    }

    @Test("carried: 2 pictures uploaded by the bot and embedded in order with alt texts and aspect ratios, the labels with them")
    func carried() async throws {
        let world = try World()
        let pictures = [
            FakeBlueskyPicture(data: Self.png(1), alt: "one", aspectRatio: BlueskyAspectRatio(width: 3, height: 2)),
            FakeBlueskyPicture(data: Self.png(2), alt: "two"),
        ]
        world.server.addPost(did: Self.human, text: "look", pictures: pictures, labels: ["graphic-media"])
        let source = try #require(try await readAll(world.human.posts(of: Self.human, after: nil, limit: 10)).posts.first)
        let uri = try await world.bot.post(whole: Post(source))
        let record = try #require(world.server.post(uri: uri)?.record)
        let images = try #require(record.embed?.images)
        #expect(images.map(\.alt) == ["one", "two"])
        #expect(images.map(\.aspectRatio) == [BlueskyAspectRatio(width: 3, height: 2), nil])
        #expect(images.map { world.server.blob(cid: $0.image.cid)?.data } == pictures.map(\.data))
        #expect(images.allSatisfy { world.server.blob(cid: $0.image.cid)?.did == Self.bot })
        #expect(record.labels == BlueskySelfLabels(["graphic-media"]))
    }

    @Test("not carried, nothing uploaded: 5 pictures, a video, a picture the source lost (getBlob refuses)")
    func notCarried() async throws {
        let world = try World()
        let url = { (cid: String) in BlueskyBlobURL.url(service: world.server.baseURL, did: Self.human, cid: cid) }
        world.server.addPost(did: Self.human, text: "x", pictures: [FakeBlueskyPicture(data: Self.png(9), alt: "kept")])
        let kept = try #require(try await readAll(world.human.posts(of: Self.human, after: nil, limit: 10)).posts.first?.media.first)
        let cases: [(Post, String)] = [
            (Post(id: "a", text: "five", createdAt: Date(), media: Array(repeating: kept, count: 5)), "at most 4"),
            (Post(id: "b", text: "clip", createdAt: Date(), media: [PostMedia(kind: .video, url: kept.url)]), "a video"),
            (Post(id: "c", text: "gone", createdAt: Date(), media: [kept, PostMedia(kind: .photo, url: url("bafkreigone"))]), "the source answered 400"),
        ]
        for (post, reason) in cases {
            await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: post) }
            do { _ = try await world.bot.post(whole: post) } catch let error as MediaNotCarried { #expect(error.reason.contains(reason), "\(error)") }
        }
        #expect(world.server.blobs(of: Self.bot).isEmpty)
        #expect(world.server.writes.isEmpty)
    }

    @Test("warnings: content labels carried; words of warning, Mastodon's bare sensitive and a picture marked sensitive alone refused (400), nothing sent")
    func warnings() async throws {
        let world = try World()
        let bot = world.bot
        #expect(try bot.selfLabels(for: PostWarning(text: "", labels: [.porn, .sexual])) == BlueskySelfLabels(["porn", "sexual"]))
        #expect(try bot.selfLabels(for: nil) == nil)
        for warning in [PostWarning(text: "spoilers"), PostWarning(text: "", labels: [.sensitive]), PostWarning(text: "cw", labels: [.nudity])] {
            await #expect(throws: NetworkError.self) {
                try await bot.post(whole: Post(id: "w", text: "warned", createdAt: Date(), warning: warning))
            }
        }
        // A picture marked sensitive on its own (Misskey's isSensitive), the post unlabelled: refused before any fetch.
        let marked = PostMedia(kind: .photo, url: "file:///nonexistent/marked.png", altText: "marked", sensitive: true)
        await #expect(throws: NetworkError.self) {
            try await bot.post(whole: Post(id: "s", text: "marked", createdAt: Date(), media: [marked]))
        }
        #expect(world.server.writes.isEmpty)
    }

    @Test("the fake's uploadBlob: credentials, Content-Type, the PDS's 5 MiB; createRecord's blob refs: the account's own, type and size as stored, alt required, at most 4; labels' shape")
    func fakeChecks() async throws {
        let world = try World()
        #expect(try await world.call("POST", "com.atproto.repo.uploadBlob", body: Data(), contentType: "image/png").0 == 400)
        #expect(try await world.call("POST", "com.atproto.repo.uploadBlob", body: Data(count: 5 * 1_024 * 1_024 + 1), contentType: "image/png").0 == 413)
        var anonymous = URLRequest(url: world.server.baseURL.appendingPathComponent("xrpc/com.atproto.repo.uploadBlob"))
        anonymous.httpMethod = "POST"
        anonymous.setValue("image/png", forHTTPHeaderField: "Content-Type")
        anonymous.httpBody = Self.png(1)
        #expect(((try await URLSession.shared.data(for: anonymous).1) as? HTTPURLResponse)?.statusCode == 401)
        let (status, body) = try await world.call("POST", "com.atproto.repo.uploadBlob", body: Self.png(1), contentType: "image/png")
        #expect(status == 200)
        let blob = try JSONDecoder().decode(UploadBlob.Response.self, from: Data(body.utf8)).blob
        #expect(blob.mimeType == "image/png" && blob.size == Self.png(1).count)
        let theirs = world.server.addPost(did: Self.human, text: "h", pictures: [FakeBlueskyPicture(data: Self.png(2), alt: "")])
        let theirCID = try #require(world.server.post(uri: theirs)?.record.embed?.images.first?.image.cid)

        func create(images: String, labels: String? = nil) async throws -> (Int, String) {
            let record = #"{"$type":"app.bsky.feed.post","text":"t","createdAt":"2024-05-01T10:00:00.000Z","embed":{"$type":"app.bsky.embed.images","images":"#
                + images + "}" + (labels.map { #","labels":"# + $0 } ?? "") + "}"
            let input = #"{"repo":"\#(Self.bot)","collection":"app.bsky.feed.post","record":"# + record + "}"
            return try await world.call("POST", "com.atproto.repo.createRecord", body: Data(input.utf8), contentType: "application/json")
        }
        func ref(_ cid: String, _ type: String = "image/png", _ size: Int = Self.png(1).count) -> String {
            #"{"$type":"blob","ref":{"$link":"\#(cid)"},"mimeType":"\#(type)","size":\#(size)}"#
        }
        let good = #"{"image":\#(ref(blob.cid)),"alt":"a"}"#
        #expect(try await create(images: "[\(good)]").0 == 200)
        let refused: [(String, String?, String)] = [
            (#"[{"image":\#(ref(blob.cid))}]"#, nil, "alt"),
            ("[" + Array(repeating: good, count: 5).joined(separator: ",") + "]", nil, "more than 4"),
            (#"[{"image":\#(ref(theirCID)),"alt":""}]"#, nil, "Could not find blob"),
            (#"[{"image":\#(ref(blob.cid, "image/jpeg")),"alt":""}]"#, nil, "Mimetype"),
            (#"[{"image":\#(ref(blob.cid, "image/png", 3)),"alt":""}]"#, nil, "Size"),
            (#"[{"image":{"cid":"\#(blob.cid)","mimeType":"image/png"},"alt":""}]"#, nil, "blob ref"),
            ("[\(good)]", #"{"values":[{"val":"nudity"}]}"#, "selfLabels"),
            ("[\(good)]", #"{"$type":"com.atproto.label.defs#selfLabels","values":[{"val":"\#(String(repeating: "x", count: 129))"}]}"#, "128"),
        ]
        for (images, labels, why) in refused {
            let (status, body) = try await create(images: images, labels: labels)
            #expect(status == 400 && body.contains(why), "\(why): \(status) \(body)")
        }
    }

    @Test("libvips shrinks a picture under a limit, never stretched; a file that is no picture fails")
    func shrink() throws {
        let big = TestPNG.noise(width: 600, height: 300)
        let shrunk = try ImageShrinker.shrink(big, toAtMost: 40_000)
        #expect(shrunk.data.count <= 40_000)
        #expect(shrunk.data.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(shrunk.width <= 600 && abs(Double(shrunk.width) / Double(shrunk.height) - 2) < 0.02, "\(shrunk.width)x\(shrunk.height)")
        #expect(throws: ImageShrinker.Failure.self) { try ImageShrinker.shrink(Data("not a picture".utf8), toAtMost: 1_000) }
    }

    @Test("a libvips that cannot be opened is an error naming the library, not a crash; libvips still shrinks after it")
    func missingLibrary() throws {
        let failure = try #require(throws: ImageShrinker.Failure.self) { try ImageShrinker.open("libvips.so.0-absent") }
        #expect(failure.description.contains("libvips.so.0-absent") && failure.description.contains("libvips42"), "\(failure)")
        let notVips = try #require(throws: ImageShrinker.Failure.self) { try ImageShrinker.open("libc.so.6") }
        #expect(notVips.description.contains("vips_init"), "\(notVips)")
        try ImageShrinker.open(ImageShrinker.library)
        #expect(try ImageShrinker.shrink(TestPNG.noise(width: 200, height: 100), toAtMost: 40_000).width <= 200)
    }
}
