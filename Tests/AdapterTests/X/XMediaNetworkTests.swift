import CoreTestSupport
import FakeX
import Foundation
import Testing
import XAPI
import Clocks
import MirrorBotSpend

@testable import MirrorBot
@testable import MirrorBotX

@Suite("XNetwork carries pictures: read with their alt texts in both dialects, uploaded, described and attached in order")
struct XMediaNetworkTests {
    /// A PNG's signature and a few bytes telling the pictures apart.
    static func png(_ tag: UInt8) -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, tag, tag, tag]) }

    static let pictures = [
        FakeXPicture(data: png(1), altText: "A red sun over the sea", width: 1200, height: 800),
        FakeXPicture(data: png(2), altText: "The same sun, lower", width: 800, height: 1200),
        FakeXPicture(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 3, 3]), contentType: "image/jpeg"),
    ]

    struct World {
        let server: FakeXServer
        let human: XNetwork
        let bot: XNetwork
        let meter: XSpendMeter

        init(_ dialect: XFieldDialect) throws {
            server = FakeXServer(settings: FakeXSettings(dialect: dialect))
            let humanCredentials = server.addUser(id: "1", username: "human")
            let botCredentials = server.addUser(id: "2", username: "bot")
            try server.start()
            let configuration = XClientConfiguration(baseURL: server.baseURL, retryBaseDelay: .milliseconds(5))
            meter = XSpendMeter(prices: XPriceTable(), ledger: SpendLedger(budget: nil, pricing: XPriceTable(), store: nil, clock: SystemClock()))
            human = XNetwork(credentials: humanCredentials, configuration: configuration, dialects: XDialectMemory(dialect))
            bot = XNetwork(credentials: botCredentials, configuration: configuration, dialects: XDialectMemory(dialect), meter: meter)
        }

        func source(_ id: String) async throws -> NetworkPost {
            try #require(try await allPosts(human.posts(of: "1", after: nil, limit: 100)).first { $0.id == id })
        }
    }

    @Test("the human's posts come with their media in order: kind, URL, alt text, size; the media link left out of the text",
        arguments: XFieldDialect.allCases)
    func mediaRead(dialect: XFieldDialect) async throws {
        let world = try World(dialect)
        let id = world.server.addTweet(authorID: "1", text: "sunset https://t.co/AbC123", pictures: Self.pictures)
        let plain = world.server.addTweet(authorID: "1", text: "no pictures https://t.co/Xyz")
        let source = try await world.source(id)
        #expect(source.text == "sunset")
        #expect(source.media.map(\.altText) == ["A red sun over the sea", "The same sun, lower", nil])
        #expect(source.media.map(\.kind) == [.photo, .photo, .photo])
        #expect(source.media.map(\.width) == [1200, 800, nil])
        #expect(source.media.allSatisfy { $0.url.hasPrefix(world.server.baseURL.absoluteString + "/media/3_") })
        #expect(try await world.source(plain).text == "no pictures https://t.co/Xyz")
        // The human's posts are asked for with their media; every parameter passed the fake's document checks.
        let read = try #require(world.server.requests.last { $0.endpoint == "GET /2/users/:id/tweets" })
        #expect(read.status == 200)
        #expect(read.query.contains("media.fields=") && read.query.contains("attachments.media_keys"))
    }

    @Test("a post with pictures goes out with the same bytes, in order, with the same alt texts; each request counted",
        arguments: XFieldDialect.allCases)
    func carried(dialect: XFieldDialect) async throws {
        let world = try World(dialect)
        let id = world.server.addTweet(authorID: "1", text: "sunset", pictures: Self.pictures)
        let posted = try await world.bot.post(whole: Post(try await world.source(id)))
        let attached = world.server.media(ofTweet: posted)
        #expect(attached.map(\.data) == Self.pictures.map(\.data))
        #expect(attached.map(\.altText) == Self.pictures.map(\.altText))
        #expect(attached.allSatisfy { $0.ownerID == "2" && $0.category == "tweet_image" && !$0.sensitive })
        #expect(world.server.tweet(id: posted)?.text == "sunset")
        let spend = world.meter.ledger.today()
        #expect(spend.lines.first { $0.endpoint == "POST /2/media/upload" }?.requests == 3)
        #expect(spend.lines.first { $0.endpoint == "POST /2/media/metadata" }?.requests == 2)
        #expect(abs(spend.total - (3 * 0.015 + 2 * 0.005 + 0.015)) < 1e-9)
    }

    @Test("a video or GIF is stored with its kind and best mp4 variant; a key the answer lacks has no URL; the media link is cut only at the end")
    func kinds() {
        let tweet = XTweet(id: "9", text: "clip", attachments: .init(mediaKeys: ["7_1", "16_2", "3_404"]))
        let included = [
            XMedia(mediaKey: "7_1", type: "video", variants: [
                .init(contentType: "application/x-mpegURL", url: "https://video.twimg.com/a.m3u8"),
                .init(bitRate: 256_000, contentType: "video/mp4", url: "https://video.twimg.com/low.mp4"),
                .init(bitRate: 2_176_000, contentType: "video/mp4", url: "https://video.twimg.com/high.mp4"),
            ]),
            XMedia(
                mediaKey: "16_2", type: "animated_gif",
                variants: [.init(bitRate: 0, contentType: "video/mp4", url: "https://video.twimg.com/g.mp4")]),
        ]
        let media = XNetwork.media(of: tweet, in: included)
        #expect(media.map(\.kind) == [.video, .gifv, .other])
        #expect(media.map(\.url) == ["https://video.twimg.com/high.mp4", "https://video.twimg.com/g.mp4", ""])
        #expect(!media[2].isFetchable)
        #expect(XNetwork.withoutMediaLink("see https://t.co/a1 and this https://t.co/b2", link: nil) == "see https://t.co/a1 and this")
        #expect(XNetwork.withoutMediaLink("https://t.co/b2 first", link: nil) == "https://t.co/b2 first")
        #expect(XNetwork.withoutMediaLink("sun https://t.co/b2", link: "https://t.co/zz") == "sun https://t.co/b2")
    }

    @Test("a picture-only post goes out with its picture and no text; a sensitive picture with X's warning")
    func pictureOnly() async throws {
        let world = try World(.postFields)
        let id = world.server.addTweet(authorID: "1", text: "https://t.co/Q1w2E3", pictures: [Self.pictures[0]])
        var source = Post(try await world.source(id))
        #expect(source.text.isEmpty)
        source.media[0].sensitive = true
        let posted = try await world.bot.post(whole: source)
        #expect(world.server.media(ofTweet: posted).map(\.data) == [Self.pictures[0].data])
        #expect(world.server.media(ofTweet: posted).map(\.sensitive) == [true])
        #expect(world.server.tweet(id: posted)?.text == "")
    }

    @Test("a picture the source lost, a video, five pictures or a long alt text: not carried, nothing uploaded or posted")
    func notCarried() async throws {
        let world = try World(.tweetFields)
        let id = world.server.addTweet(authorID: "1", text: "sunset", pictures: Self.pictures)
        let source = Post(try await world.source(id))
        world.server.removeFile(ofTweet: id, at: 1)
        let lost = await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: source) }
        #expect(lost?.reason.contains("picture 2 of 3") == true && lost?.reason.contains("404") == true)
        var video = source
        video.media[0].kind = .video
        await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: video) }
        var five = source
        five.media += source.media.prefix(2)
        await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: five) }
        var long = source
        long.media[0].altText = String(repeating: "a", count: 1_001)
        await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: long) }
        #expect(world.server.uploads.isEmpty)
        #expect(world.server.tweets(by: "2").isEmpty)
    }
}

@Suite("FakeX checks uploads as X's documents say")
struct FakeXMediaTests {
    @Test("the upload's fields, category, bytes and size; metadata's length and owner; a post's ids, at most 4, the account's own")
    func strict() async throws {
        let server = FakeXServer()
        let bot = server.addUser(id: "2", username: "bot")
        let other = server.addUser(id: "3", username: "other")
        try server.start()
        let configuration = XClientConfiguration(baseURL: server.baseURL, retryBaseDelay: .milliseconds(5))
        let client = XClient(credentials: bot, configuration: configuration)
        let png = XMediaNetworkTests.png(7)
        let uploaded = try #require(try await client.send(UploadXMedia(data: png, contentType: "image/png", filename: "a.png")).data)
        #expect(uploaded.mediaKey == "3_" + uploaded.id)
        // Not a picture, a GIF as tweet_image, a picture over 5 MB: refused.
        for bad in [Data("hello".utf8), Data("GIF89a..".utf8), png + Data(count: 5 * 1_024 * 1_024)] {
            await #expect(throws: XAPIError.self) { try await client.send(UploadXMedia(data: bad, contentType: "image/png", filename: "b.png")) }
        }
        // An alt text over 1,000 characters, or another account's upload: refused.
        await #expect(throws: XAPIError.self) {
            try await client.send(CreateXMediaMetadata(mediaID: uploaded.id, altText: String(repeating: "x", count: 1_001), sensitive: false))
        }
        let otherClient = XClient(credentials: other, configuration: configuration)
        await #expect(throws: XAPIError.self) {
            try await otherClient.send(CreateXMediaMetadata(mediaID: uploaded.id, altText: "mine", sensitive: false))
        }
        await #expect(throws: XAPIError.self) { try await otherClient.send(CreateTweet(text: "stolen", mediaIDs: [uploaded.id])) }
        await #expect(throws: XAPIError.self) {
            try await client.send(CreateTweet(text: "five", mediaIDs: Array(repeating: uploaded.id, count: 5)))
        }
        #expect(try await client.send(CreateXMediaMetadata(mediaID: uploaded.id, altText: "ok", sensitive: false)).data?.id == uploaded.id)
        let posted = try #require(try await client.send(CreateTweet(text: "", mediaIDs: [uploaded.id])).data)
        #expect(server.media(ofTweet: posted.id).map(\.altText) == ["ok"])
    }
}
