import BlueskyAPI
import FakeBluesky
import FakeHTTP
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotBluesky
import Synchronization
import TestSupport
import Testing

/// The fake Bluesky's seed files (`fake-bluesky --state`, the demo's world) and scheduled
/// activity, read back through `BlueskyNetwork` as the daemon reads them.
@Suite("fake-bluesky seed files and scheduled activity")
struct FakeBlueskySeedTests {
    static let human = "did:plc:hhhhhhhhhhhhhhhhhhhhhhhh", bot = "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"
    static let friend = "did:plc:ffffffffffffffffffffffff"
    static let accounts = """
        {"did": "\(human)", "handle": "human.test", "app_password": "huma-npas-swor-d111", "follows": ["\(friend)"]},
        {"did": "\(bot)", "handle": "mirror.test", "app_password": "mirr-orpa-sswo-rd22", "self_labels": ["bot"],
         "follows": ["\(friend)"]},
        {"did": "\(friend)", "handle": "friend.test", "follows": ["\(bot)"]}
        """

    static func seed(_ json: String) throws -> FakeBlueskySeed {
        try JSONDecoder().decode(FakeBlueskySeed.self, from: Data(json.utf8))
    }

    static func network(_ server: FakeBlueskyServer, _ identifier: String, _ password: String) -> BlueskyNetwork {
        BlueskyNetwork(
            serviceURL: server.baseURL, identifier: identifier, appPassword: password, store: InMemoryBlueskySessionStore(),
            likeScope: .followers)
    }


    @Test("a seed's accounts log in with their app passwords; its posts keep their record keys, replies their parents, likes their subjects")
    func seedServed() async throws {
        let hello = "at://\(Self.friend)/app.bsky.feed.post/3myq6hhomu22b"
        let answer = "at://\(Self.human)/app.bsky.feed.post/3myq6hhomu32b"
        let server = FakeBlueskyServer()
        try server.load(Self.seed("""
            {"settings": {"access_token_lifetime": 60, "rate_limit": {"limit": 500, "window": 60}},
             "accounts": [\(Self.accounts)],
             "posts": [
               {"did": "\(Self.friend)", "rkey": "3myq6hhomu22b", "text": "hello @mirror.test", "created_at": "2026-10-25T21:43:33.000Z"},
               {"did": "\(Self.human)", "rkey": "3myq6hhomu32b", "text": "hi!", "created_at": "2026-10-25T21:50:00.000Z",
                "reply_to": "\(hello)"},
               {"did": "\(Self.human)", "text": "good morning"}],
             "likes": [{"did": "\(Self.human)", "subject": "\(hello)", "created_at": "2026-10-25T22:00:00.000Z"}]}
            """))
        try server.start()
        defer { server.stop() }
        let human = Self.network(server, "human.test", "huma-npas-swor-d111")
        #expect(try await human.me() == Account(id: Self.human, username: "human.test"))
        let posts = try await allPosts(human.posts(of: Self.human, after: nil, limit: 100))
        #expect(posts.map(\.text) == ["good morning", "hi!"])
        #expect(posts[1].id == answer)
        #expect(posts[1].inReplyToUserID == Self.friend)
        #expect(posts[1].createdAt == Date(timeIntervalSince1970: 1_792_965_000))  // 2026-10-25T21:50:00Z
        #expect(try await allPosts(human.likes(of: Self.human, limit: 100)).map(\.id) == [hello])

        let bot = Self.network(server, "mirror.test", "mirr-orpa-sswo-rd22")
        // The seed's text got the app's mention facet, so it notifies the bot; the friend follows the bot.
        #expect(try await allPosts(bot.mentions(of: Self.bot, after: nil, limit: 100)).map(\.id) == [hello])
        #expect(try await allPosts(bot.homeTimeline(of: Self.bot, after: nil, limit: 100)).map(\.id) == [hello])
        #expect(try await bot.profile(of: Self.bot).isSelfLabeledBot)
        // An account without an app password in the seed cannot log in.
        await #expect(throws: (any Error).self) { try await Self.network(server, "friend.test", "anything").me() }
    }

    @Test("scheduled posts and likes happen at their time; onWrite sees the bot's writes")
    func scheduled() async throws {
        let hello = "at://\(Self.friend)/app.bsky.feed.post/3myq6hhomu22b"
        let seed = try Self.seed("""
            {"accounts": [\(Self.accounts)],
             "posts": [{"did": "\(Self.friend)", "rkey": "3myq6hhomu22b", "text": "ramen tonight?"}],
             "scheduled": [
               {"after_seconds": 0.2, "did": "\(Self.friend)", "text": "@mirror.test are you there?"},
               {"after_seconds": 0.3, "did": "\(Self.human)", "like": "\(hello)"}]}
            """)
        let written = Mutex<[FakeBlueskyWrite]>([])
        let server = FakeBlueskyServer(onWrite: { write in written.withLock { $0.append(write) } })
        try server.load(seed)
        try server.start()
        defer { server.stop() }
        let bot = Self.network(server, "mirror.test", "mirr-orpa-sswo-rd22")
        // Nothing happens before the schedule starts (a loaded seed's activity waits for it).
        #expect(try await allPosts(bot.mentions(of: Self.bot, after: nil, limit: 100)).isEmpty)
        let done = Mutex<[String]>([])
        let started = Date()
        server.schedule(seed.scheduled ?? []) { _, uri in done.withLock { $0.append(uri) } }
        #expect(done.withLock { $0.isEmpty })
        while done.withLock({ $0.count }) < 2, Date().timeIntervalSince(started) < 10 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(Date().timeIntervalSince(started) >= 0.3)
        let uris = done.withLock { $0 }
        #expect(uris.count == 2)
        #expect(uris.last == hello)
        let mentions = try await allPosts(bot.mentions(of: Self.bot, after: nil, limit: 100))
        #expect(mentions.map(\.id) == [uris[0]])
        #expect(server.likes(of: Self.human) == [hello])

        let reply = try await bot.post(text: "yes!", inReplyTo: mentions[0])
        try await bot.like(postID: uris[0], as: Self.bot)
        let seen = written.withLock { $0 }
        #expect(seen == server.writes)
        #expect(seen.count == 2)
        #expect(seen.first == .reply(uri: reply, did: Self.bot, text: "yes!", parent: uris[0], root: uris[0]))
    }

    @Test("a seed that does not hold together is refused, naming the entry", arguments: [
        (#""posts": [{"did": "did:plc:nobody", "text": "hi"}]"#, "posts[0].did"),
        (#""posts": [{"did": "\#(friend)", "text": "hi", "rkey": "not-a-tid"}]"#, "posts[0].rkey"),
        (#""posts": [{"did": "\#(friend)", "text": "a", "rkey": "3myq6hhomu22b"}, {"did": "\#(friend)", "text": "b", "rkey": "3myq6hhomu22b"}]"#,
         "posts[1].rkey"),
        (#""posts": [{"did": "\#(friend)", "text": "hi", "reply_to": "at://\#(bot)/app.bsky.feed.post/3myq6hhomu22b"}]"#, "posts[0].reply_to"),
        (#""posts": [{"did": "\#(friend)", "text": "hi", "created_at": "yesterday"}]"#, "posts[0].created_at"),
        (#""likes": [{"did": "\#(human)", "subject": "at://\#(bot)/app.bsky.feed.post/3myq6hhomu22b"}]"#, "likes[0].subject"),
        (#""scheduled": [{"after_seconds": 1, "did": "\#(friend)"}]"#, "scheduled[0] needs either"),
        (#""scheduled": [{"after_seconds": -1, "did": "\#(friend)", "text": "hi"}]"#, "scheduled[0].after_seconds"),
        (#""settings": {"fault": "fire", "fault_probability": 0.5}"#, "settings.fault"),
    ])
    func refused(entries: String, field: String) throws {
        let json = #"{"accounts": [\#(Self.accounts)], \#(entries)}"#
        #expect {
            try FakeBlueskyServer().load(Self.seed(json))
        } throws: { error in
            (error as? FakeSeedError)?.description.contains(field) == true
        }
    }

    @Test("the demo's world (demo/bluesky, from demo/generate.py) loads, and its credentials log in")
    func demoWorld() async throws {
        let folder = BinaryRunner.repositoryRoot.appendingPathComponent("demo/bluesky")
        let server = FakeBlueskyServer()
        let seed = try server.load(contentsOf: folder.appendingPathComponent("seed.json"))
        try server.start()
        defer { server.stop() }
        let text = try String(contentsOf: folder.appendingPathComponent("credentials.env"), encoding: .utf8)
        let env = Dictionary(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }, uniquingKeysWith: { $1 })
        let human = Self.network(server, try #require(env["HUMAN_BLUESKY_IDENTIFIER"]), try #require(env["HUMAN_BLUESKY_APP_PASSWORD"]))
        let me = try await human.me()
        let posts = try await allPosts(human.posts(of: me.id, after: nil, limit: 10_000))
        #expect(posts.count == seed.posts?.filter { $0.did == me.id }.count)
        #expect(posts.contains { $0.inReplyToUserID != nil })
        let bot = Self.network(server, try #require(env["BOT_BLUESKY_IDENTIFIER"]), try #require(env["BOT_BLUESKY_APP_PASSWORD"]))
        let botAccount = try await bot.me()
        #expect(try await bot.profile(of: botAccount.id).isSelfLabeledBot)
        #expect((seed.scheduled ?? []).contains { $0.text?.hasPrefix("@\(botAccount.username) ") == true })
    }
}
