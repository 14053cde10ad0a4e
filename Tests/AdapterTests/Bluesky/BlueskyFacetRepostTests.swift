import BlueskyAPI
import CoreTestSupport
import FakeBluesky
import Foundation
import MirrorBot
import MirrorBotBluesky
import MirrorBotImport
import MirrorBotPostgres
import TestSupport
import Testing

/// Issue 23: a repost carries the human's record text byte for byte and its facets
/// (the app writes a link shortened, the full URI only in its facet), from the API and
/// from an import, with emoji and Japanese before the link so byte offsets differ from
/// character offsets.
@Suite("Bluesky reposts keep the source's text and facets", .serialized)
struct BlueskyFacetRepostTests {
    static let human = "did:plc:hhhhhhhhhhhhhhhhhhhhhhhh", bot = "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"
    static let friend = "did:plc:zzzzzzzzzzzzzzzzzzzzzzzz"
    /// Typed in the app: emoji and Japanese, then a long link and a mention.
    static let typed = "今日の道具🛠️🎉は これ https://example.org/2023/11/tool-of-the-month-for-everyone @friend.test どうぞ"

    final class World: Sendable {
        let server = FakeBlueskyServer()
        let store = InMemoryBlueskySessionStore()
        let log = LogRecorder()

        init() throws {
            server.addAccount(did: BlueskyFacetRepostTests.human, handle: "human.test", appPassword: "human-pass")
            server.addAccount(did: BlueskyFacetRepostTests.bot, handle: "mirror.test", appPassword: "bot-pass")
            server.addAccount(did: BlueskyFacetRepostTests.friend, handle: "friend.test", appPassword: "friend-pass")
            try server.start()
        }

        deinit { server.stop() }

        func network(_ identifier: String, _ password: String, facets: (any BlueskyFacetSource)? = nil) -> BlueskyNetwork {
            let client = BlueskyClient(
                identifier: identifier, appPassword: password, store: store,
                configuration: BlueskyClientConfiguration(serviceURL: server.baseURL, maxAttempts: 3, retryBaseDelay: .milliseconds(5), timeout: 5))
            return BlueskyNetwork(client: client, facetSource: facets, log: log.logger)
        }
    }

    static func humanPosts(_ world: World) async throws -> [NetworkPost] {
        try await allPosts(world.network("human.test", "human-pass").posts(of: human, after: nil, limit: 100))
    }

    @Test("the fake writes a link post as the app does: the link shortened in the text, the full URI in its facet, the mention a DID")
    func appShape() async throws {
        let world = try World()
        let uri = world.server.addPost(did: Self.human, text: Self.typed)
        let record = try #require(world.server.post(uri: uri)).record
        #expect(record.text == "今日の道具🛠️🎉は これ example.org/2023/11/tool... @friend.test どうぞ")
        let bytes = Array(record.text.utf8)
        let slices = (record.facets ?? []).map { String(decoding: bytes[$0.index.byteStart..<$0.index.byteEnd], as: UTF8.self) }
        #expect(slices == ["example.org/2023/11/tool...", "@friend.test"])
        #expect(record.facets?.map(\.features) == [
            [.link(uri: "https://example.org/2023/11/tool-of-the-month-for-everyone")], [.mention(did: Self.friend)],
        ])
    }

    @Test("from the API: stored with its facets, reposted with the same text, byte ranges and URIs")
    func fromAPI() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let world = try World()
        let uri = world.server.addPost(did: Self.human, text: Self.typed)
        let source = try #require(world.server.post(uri: uri)).record
        #expect(try await store.store(try await Self.humanPosts(world).map(Post.init)) == 1)

        let bot = world.network("mirror.test", "bot-pass", facets: PostgresBlueskyFacetSource(connection: db.connection))
        let stored = try #require(try await db.connection.query("SELECT text FROM posts").first?["text"])
        let posted = try #require(world.server.post(uri: try await bot.post(text: stored, inReplyTo: nil))).record
        #expect(Array(posted.text.utf8) == Array(source.text.utf8))
        #expect(posted.facets == source.facets)
    }

    @Test("from a .car import: stored with its facets, reposted with the same text, byte ranges and URIs")
    func fromImport() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let shown = "今日の道具🛠️🎉は これ example.org/2023/11/tool..."
        let start = "今日の道具🛠️🎉は これ ".utf8.count
        let full = "https://example.org/2023/11/tool-of-the-month-for-everyone"
        let file = try BlueskyExportFixture(did: Self.human, records: [
            .post(rkey: "3kaaaaaaaab22", text: shown, createdAt: "2024-05-02T07:41:00.000Z", link: (start, shown.utf8.count, full)),
        ]).write()
        #expect(try await ArchiveImporter(store: store).importBlueskyRepository(at: file.path).stored == 1)
        let row = try #require(try await db.connection.query("SELECT text, facets::text AS facets FROM posts").first)
        #expect(row["text"] == shown)

        let world = try World()
        let bot = world.network("mirror.test", "bot-pass", facets: PostgresBlueskyFacetSource(connection: db.connection))
        let posted = try #require(world.server.post(uri: try await bot.post(text: shown, inReplyTo: nil))).record
        #expect(Array(posted.text.utf8) == Array(shown.utf8))
        #expect(posted.facets == [BlueskyFacet(byteStart: start, byteEnd: shown.utf8.count, features: [.link(uri: full)])])
    }

    @Test("a reply without its leading @name keeps the facets of what is left, shifted to its bytes")
    func replyBody() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let world = try World()
        let thread = world.server.addPost(did: Self.friend, text: "どれ？")
        let uri = world.server.addPost(did: Self.human, text: "@friend.test 絵文字😀 これ https://example.org/2023/11/tool-of-the-month", replyTo: thread)
        let source = try #require(world.server.post(uri: uri)).record
        try await store.store(try await Self.humanPosts(world).map(Post.init))
        let body = try #require(ReplyText.body(of: source.text))
        #expect(body == "絵文字😀 これ example.org/2023/11/tool...")

        let bot = world.network("mirror.test", "bot-pass", facets: PostgresBlueskyFacetSource(connection: db.connection))
        let mention = world.server.addPost(did: Self.friend, text: "@mirror.test おすすめは？")
        // A mention built by hand carries no reply target: the adapter reads the post replied to.
        let handMade = NetworkPost(id: mention, text: "@mirror.test おすすめは？", createdAt: Date(), authorID: Self.friend)
        let posted = try #require(world.server.post(uri: try await bot.post(text: body, inReplyTo: handMade))).record
        let cut = "@friend.test ".utf8.count
        #expect(posted.text == body)
        #expect(posted.facets == [BlueskyFacet(
            byteStart: source.facets![1].index.byteStart - cut, byteEnd: source.facets![1].index.byteEnd - cut,
            features: [.link(uri: "https://example.org/2023/11/tool-of-the-month")])])
    }

    @Test("a mention of an account that no longer resolves is dropped alone, and logged; the link stays")
    func goneMention() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let world = try World()
        let gone = "did:plc:gggggggggggggggggggggggg"
        let text = "@old.test 見て example.com/x"
        let facets = [
            BlueskyFacet(byteStart: 0, byteEnd: 9, features: [.mention(did: gone)]),
            BlueskyFacet(byteStart: "@old.test 見て ".utf8.count, byteEnd: text.utf8.count, features: [.link(uri: "https://example.com/x")]),
        ]
        world.server.addPost(did: Self.human, text: text, facets: facets)
        try await store.store(try await Self.humanPosts(world).map(Post.init))
        let bot = world.network("mirror.test", "bot-pass", facets: PostgresBlueskyFacetSource(connection: db.connection))
        let posted = try #require(world.server.post(uri: try await bot.post(text: text, inReplyTo: nil))).record
        #expect(posted.text == text)
        #expect(posted.facets == [facets[1]])
        let dropped = world.log.events("bluesky_facet_dropped")
        #expect(dropped.count == 1)
        #expect(dropped.first?.contains("mention=\(gone)") == true)
        #expect(dropped.first?.contains("bytes=0..<9") == true)
    }

    @Test("a text stored with no facets is sent as written: a link keeps its scheme, with a facet over it")
    func noStoredFacets() async throws {
        let db = try await MigratedDatabase.make()
        let world = try World()
        let text = "\"I didn't know you could yodel\" https://example.com/p/60575"
        let bot = world.network("mirror.test", "bot-pass", facets: PostgresBlueskyFacetSource(connection: db.connection))
        let posted = try #require(world.server.post(uri: try await bot.post(text: text, inReplyTo: nil))).record
        #expect(posted.text == text)
        let start = "\"I didn't know you could yodel\" ".utf8.count
        #expect(posted.facets == [BlueskyFacet(byteStart: start, byteEnd: text.utf8.count, features: [.link(uri: "https://example.com/p/60575")])])
    }

    @Test("a post stored before facets were kept (links written out, no facets) takes its record's text and facets when it comes again; not counted as new")
    func upgradedRow() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let id = "at://\(Self.human)/app.bsky.feed.post/3kaaaaaaaab22", date = Date(timeIntervalSince1970: 1_714_000_000)
        #expect(try await store.store([Post(id: id, text: "見て https://example.com/a/rather/long/path", createdAt: date)]) == 1)
        let shown = "見て example.com/a/rather/lon..."
        let json = BlueskyStoredText.json([BlueskyFacet(
            byteStart: "見て ".utf8.count, byteEnd: shown.utf8.count, features: [.link(uri: "https://example.com/a/rather/long/path")])])
        #expect(try await store.store([Post(id: id, text: shown, createdAt: date, facets: json)]) == 0)
        let row = try #require(try await db.connection.query("SELECT text, facets::text AS facets FROM posts").first)
        #expect(row["text"] == shown)
        #expect(row["facets"].map(BlueskyStoredText.facets(json:)) == json.map(BlueskyStoredText.facets(json:)))
        // Once it has facets, it is left as it is.
        #expect(try await store.store([Post(id: id, text: "other", createdAt: date, facets: json)]) == 0)
        #expect(try await db.connection.query("SELECT text FROM posts").first?["text"] == shown)
    }
}
