import BlueskyAPI
import FakeBluesky
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotBluesky
import Testing

@Suite("BlueskyNetwork against the fake Bluesky", .serialized)
struct BlueskyNetworkTests {
    // DIDs chosen so that sorting URIs as text puts the friend's after the stranger's
    // whatever their times: the daemon's cursor may be any id of a walk.
    static let human = "did:plc:hhhhhhhhhhhhhhhhhhhhhhhh", bot = "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"
    static let friend = "did:plc:zzzzzzzzzzzzzzzzzzzzzzzz", stranger = "did:plc:aaaaaaaaaaaaaaaaaaaaaaaa"

    final class World: Sendable {
        let server = FakeBlueskyServer()
        let store = InMemoryBlueskySessionStore()

        init() throws {
            server.addAccount(did: BlueskyNetworkTests.human, handle: "human.test", appPassword: "human-pass")
            server.addAccount(did: BlueskyNetworkTests.bot, handle: "mirror.test", appPassword: "bot-pass", selfLabels: ["bot"])
            server.addAccount(did: BlueskyNetworkTests.friend, handle: "friend.test", appPassword: "friend-pass")
            server.addAccount(did: BlueskyNetworkTests.stranger, handle: "stranger.test", appPassword: "stranger-pass")
            try server.start()
        }

        deinit { server.stop() }

        func network(_ identifier: String, _ password: String, scope: BlueskyLikeScope = .all, store: (any BlueskySessionStore)? = nil) -> BlueskyNetwork {
            let client = BlueskyClient(
                identifier: identifier, appPassword: password, store: store ?? self.store,
                configuration: BlueskyClientConfiguration(serviceURL: server.baseURL, maxAttempts: 3, retryBaseDelay: .milliseconds(5), timeout: 5))
            return BlueskyNetwork(client: client, likeScope: scope)
        }

        var human: BlueskyNetwork { network("human.test", "human-pass") }
        var bot: BlueskyNetwork { network("mirror.test", "bot-pass", scope: .followers) }
    }


    @Test("me is the session's DID and handle")
    func me() async throws {
        let world = try World()
        #expect(try await world.bot.me() == Account(id: Self.bot, username: "mirror.test"))
    }

    @Test("the human's posts: originals and replies with whom they answer, reposts flagged, the record's text and facets as they are")
    func posts() async throws {
        let world = try World()
        let friendPost = world.server.addPost(did: Self.friend, text: "hello")
        let shown = "見て example.com/a/rather/lon..."
        let start = "見て ".utf8.count
        let original = world.server.addPost(did: Self.human, text: shown, facets: [
            BlueskyFacet(byteStart: start, byteEnd: shown.utf8.count, features: [.link(uri: "https://example.com/a/rather/long/path")]),
        ])
        let reply = world.server.addPost(did: Self.human, text: "@friend.test thanks", replyTo: friendPost)
        world.server.addRepost(did: Self.human, of: friendPost)
        let human = world.human
        let read = try await readAll(human.posts(of: Self.human, after: nil, limit: 100))
        let posts = read.posts
        #expect(posts.map(\.id) == [friendPost, reply, original])
        #expect(posts.map(\.isRetweet) == [true, false, false])
        #expect(posts[2].text == shown)
        let facets = BlueskyStoredText.facets(json: try #require(posts[2].facets))
        #expect(facets == [BlueskyFacet(byteStart: start, byteEnd: shown.utf8.count, features: [.link(uri: "https://example.com/a/rather/long/path")])])
        #expect(posts[1].facets.map(BlueskyStoredText.facets(json:)) == [BlueskyFacet(byteStart: 0, byteEnd: 12, features: [.mention(did: Self.friend)])])
        #expect(posts[1].inReplyToUserID == Self.friend)
        #expect(posts[1].inReplyToUsername == "friend.test")
        #expect(posts[1].authorUsername == "human.test")

        let later = world.server.addPost(did: Self.human, text: "later")
        let again = try await readAll(human.posts(of: Self.human, after: read.position, limit: 800))
        #expect(again.posts.map(\.id) == [later])
        // After a restart (a new network, nothing remembered) the stored position alone bounds the walk.
        #expect(try await allPosts(world.human.posts(of: Self.human, after: again.position, limit: 800)).isEmpty)
    }

    @Test("mentions after a walk's position are exactly the newer ones, though at:// URIs do not sort by time, and after a restart too")
    func mentionsPosition() async throws {
        let world = try World()
        let bot = world.bot
        let fromFriend = world.server.addPost(did: Self.friend, text: "@mirror.test 元気？")
        let fromStranger = world.server.addPost(did: Self.stranger, text: "@mirror.test はじめまして")
        let first = try await readAll(bot.mentions(of: Self.bot, after: nil, limit: 100))
        #expect(first.posts.map(\.id) == [fromStranger, fromFriend])
        #expect(first.posts.first?.authorID == Self.stranger)
        // The position is the newest item's time and URI, not the largest id as text (the friend's, the older one).
        let position = try #require(first.position)
        #expect(position.value.hasPrefix("bsky1 ") && position.value.hasSuffix(" " + fromStranger))
        #expect(try await allPosts(bot.mentions(of: Self.bot, after: position, limit: 800)).isEmpty)
        let again = world.server.addPost(did: Self.stranger, text: "@mirror.test もう一回")
        #expect(try await allPosts(bot.mentions(of: Self.bot, after: position, limit: 800)).map(\.id) == [again])
        // And after a restart the same position gives exactly the posts since it.
        let restarted = try await allPosts(world.bot.mentions(of: Self.bot, after: position, limit: 800)).map(\.id)
        #expect(restarted == [again])
    }

    @Test("a stored at:// URI (the cursor before positions) or another network's position is refused before any request")
    func stalePosition() async throws {
        let world = try World()
        let bot = world.bot
        let mention = world.server.addPost(did: Self.friend, text: "@mirror.test 元気？")
        _ = try await bot.me()
        let before = world.server.requestCount(endpoint: "GET app.bsky.notification.listNotifications")
        for stored: StreamPosition in [StreamPosition(mention), "1234", "notification:5", "bsky1 x at://a", "bsky1 1700000000000000"] {
            await #expect(throws: StreamPositionError.self) { _ = try await readAll(bot.mentions(of: Self.bot, after: stored, limit: 800)) }
            await #expect(throws: StreamPositionError.self) { _ = try await readAll(bot.homeTimeline(of: Self.bot, after: stored, limit: 800)) }
        }
        #expect(world.server.requestCount(endpoint: "GET app.bsky.notification.listNotifications") == before)
    }

    @Test("with the followers scope the like loop sees only posts by accounts that follow the bot; with all, everyone's")
    func likeScope() async throws {
        let world = try World()
        world.server.follow(Self.bot, Self.friend)
        world.server.follow(Self.bot, Self.stranger)
        world.server.follow(Self.friend, Self.bot)
        let friendly = world.server.addPost(did: Self.friend, text: "ラーメン")
        let strange = world.server.addPost(did: Self.stranger, text: "ラーメン")
        world.server.addRepost(did: Self.friend, of: strange)
        let followers = try await allPosts(world.bot.homeTimeline(of: Self.bot, after: nil, limit: 100))
        // The friend's repost of the stranger's post is the stranger's post: left out too.
        #expect(followers.map(\.id) == [friendly])
        let everyone = try await allPosts(world.network("mirror.test", "bot-pass", scope: .all).homeTimeline(of: Self.bot, after: nil, limit: 100))
        #expect(everyone.map(\.id) == [strange, strange, friendly])
        #expect(everyone.map(\.isRetweet) == [true, false, false])
    }

    @Test("items the adapter leaves out (outside the like scope) still move the position")
    func filteredMovePosition() async throws {
        let world = try World()
        world.server.follow(Self.bot, Self.stranger)
        let strange = world.server.addPost(did: Self.stranger, text: "ラーメン")
        let read = try await readAll(world.bot.homeTimeline(of: Self.bot, after: nil, limit: 100))
        #expect(read.posts.isEmpty)
        let position = try #require(read.position)
        #expect(position.value.hasSuffix(" " + strange))
        let again = try await readAll(world.bot.homeTimeline(of: Self.bot, after: position, limit: 100))
        #expect(again.posts.isEmpty && again.position == nil)
    }

    @Test("a text without stored facets goes out unchanged, its links, mentions and tags found as facets; a reply names its thread's root")
    func postAndReply() async throws {
        let world = try World()
        let bot = world.bot
        let text = "見て https://example.com/a/rather/long/path と @friend.test #ラーメン"
        let id = try await bot.post(text: text, inReplyTo: nil)
        let posted = try #require(world.server.post(uri: id))
        // Never shortened: the human's words go out as they are.
        #expect(posted.record.text == text)
        let link = "見て ".utf8.count
        #expect(posted.record.facets?.first == BlueskyFacet(
            byteStart: link, byteEnd: link + "https://example.com/a/rather/long/path".utf8.count,
            features: [.link(uri: "https://example.com/a/rather/long/path")]))
        #expect(posted.record.facets?.count == 3)
        #expect(posted.record.facets?.contains { $0.features == [.mention(did: Self.friend)] } == true)
        // Read back, it is the text the bot was given.
        #expect(try await allPosts(bot.posts(of: Self.bot, after: nil, limit: 20)).first?.text == text)

        let root = world.server.addPost(did: Self.human, text: "thread")
        let mention = world.server.addPost(did: Self.friend, text: "@mirror.test 元気？", replyTo: root)
        let served = try #require(try await allPosts(bot.mentions(of: Self.bot, after: nil, limit: 10)).first { $0.id == mention })
        let reads = world.server.requestCount(endpoint: "GET app.bsky.feed.getPosts")
        let replyID = try await bot.post(text: "元気だよ", inReplyTo: served)
        #expect(world.server.writes.last == .reply(uri: replyID, did: Self.bot, text: "元気だよ", parent: mention, root: root))
        // The mention as served names its thread: no read before the reply.
        #expect(world.server.requestCount(endpoint: "GET app.bsky.feed.getPosts") == reads)
    }

    @Test("over 300 graphemes nothing is sent: a refusal the posting loop skips")
    func tooLong() async throws {
        let world = try World()
        await #expect {
            _ = try await world.bot.post(text: String(repeating: "🇯🇵", count: 301), inReplyTo: nil)
        } throws: { error in
            guard case NetworkError.failed(_, 400, let detail) = error else { return false }
            return detail.contains("301 graphemes")
        }
        // 300 flags are 300 graphemes (1,200 bytes): allowed.
        _ = try await world.bot.post(text: String(repeating: "🇯🇵", count: 300), inReplyTo: nil)
        #expect(world.server.writes.count == 1)
    }

    @Test("a post and a like whose answers are lost are written once")
    func exactlyOnce() async throws {
        let world = try World()
        let bot = world.bot
        let target = world.server.addPost(did: Self.friend, text: "ラーメン")
        world.server.injectFault(.dropAfterWrite, count: 2, endpoint: "POST com.atproto.repo.createRecord")
        let id = try await bot.post(text: "おはよう", inReplyTo: nil)
        try await bot.like(postID: target, as: Self.bot)
        #expect(world.server.writes == [
            .post(uri: id, did: Self.bot, text: "おはよう", facets: []),
            .like(did: Self.bot, subject: target),
        ])
    }

    @Test("a wrong app password is NetworkError.unauthorized; an expired session is refreshed without a login")
    func credentials() async throws {
        let world = try World()
        await #expect(throws: NetworkError.unauthorized(endpoint: "POST com.atproto.server.createSession", detail: "Invalid identifier or password")) {
            _ = try await world.network("mirror.test", "wrong").me()
        }
        let bot = world.bot
        _ = try await bot.me()
        world.server.expireAccessTokens()
        _ = try await allPosts(bot.mentions(of: Self.bot, after: nil, limit: 10))
        #expect(world.server.requestCount(endpoint: "POST com.atproto.server.createSession", status: 200) == 1)
        #expect(world.server.requestCount(endpoint: "POST com.atproto.server.refreshSession") == 1)
    }

    @Test("the likes are the session's own, most recent first; the bot's profile says it is a bot")
    func likesAndProfile() async throws {
        let world = try World()
        let a = world.server.addPost(did: Self.friend, text: "a")
        let b = world.server.addPost(did: Self.friend, text: "b")
        world.server.addLike(did: Self.human, of: b)
        world.server.addLike(did: Self.human, of: a)
        #expect(try await allPosts(world.human.likes(of: Self.human, limit: 800)).map(\.id) == [a, b])
        #expect(try await world.bot.profile(of: Self.bot).isSelfLabeledBot)
        #expect(try await world.bot.profile(of: Self.human).isSelfLabeledBot == false)
    }
}
