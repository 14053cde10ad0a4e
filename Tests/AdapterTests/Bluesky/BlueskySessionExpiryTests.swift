import APIClientCore
import APIClientTestSupport
import BlueskyAPI
import CoreTestSupport
import FakeBluesky
import Foundation
import MirrorBot
import MirrorBotBluesky
import MirrorBotPostgres
import Synchronization
import TestSupport
import Testing

/// Issue 23: access tokens expiring at every point of a daemon round, on a manual clock,
/// with the sessions kept as `mirror-bot start` keeps them: the human's and the bot's in
/// one PostgreSQL store (one connection), the fake Bluesky reading the same clock. After
/// the refresh every call goes through: expiry never costs more than the round it hit,
/// and never a login.
@Suite("Bluesky sessions expiring at every point of a round", .serialized)
struct BlueskySessionExpiryTests {
    static let human = "did:plc:hhhhhhhhhhhhhhhhhhhhhhhh", bot = "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"
    static let friend = "did:plc:zzzzzzzzzzzzzzzzzzzzzzzz"
    static let login = "POST com.atproto.server.createSession", refresh = "POST com.atproto.server.refreshSession"

    final class World: Sendable {
        /// Time that moves only when told: the server's and the clients' (retries and rate-limit waits pass at once).
        let clock = ManualClock()
        let server: FakeBlueskyServer
        let db: MigratedDatabase
        /// The daemon's store: one for both accounts.
        let store: PostgresBlueskySessionStore

        init() async throws {
            let clock = clock
            server = FakeBlueskyServer(clock: clock)
            server.addAccount(did: BlueskySessionExpiryTests.human, handle: "human.test", appPassword: "huma-nnnn-pass-word")
            server.addAccount(did: BlueskySessionExpiryTests.bot, handle: "mirror.test", appPassword: "mirr-orbo-tpas-swrd")
            server.addAccount(did: BlueskySessionExpiryTests.friend, handle: "friend.test", appPassword: "frie-ndpa-sswo-rd00")
            try server.start()
            db = try await MigratedDatabase.make()
            let database = db.database
            store = PostgresBlueskySessionStore(lockTimeout: .seconds(5)) { try await database.connect() }
        }

        deinit { server.stop() }

        func network(_ identifier: String, _ password: String, store: (any BlueskySessionStore)? = nil, attempts: Int = 2) -> BlueskyNetwork {
            let clock = clock
            let client = BlueskyClient(
                identifier: identifier, appPassword: password, store: store ?? self.store,
                configuration: BlueskyClientConfiguration(serviceURL: server.baseURL, maxAttempts: attempts, retryBaseDelay: .milliseconds(1), timeout: 5),
                clock: clock)
            return BlueskyNetwork(client: client, clock: clock)
        }

        func human(store: (any BlueskySessionStore)? = nil) -> BlueskyNetwork { network("human.test", "huma-nnnn-pass-word", store: store) }
        func bot(store: (any BlueskySessionStore)? = nil) -> BlueskyNetwork { network("mirror.test", "mirr-orbo-tpas-swrd", store: store) }
        func count(_ endpoint: String, status: Int? = nil) -> Int { server.requestCount(endpoint: endpoint, status: status) }
    }


    /// One daemon round: the bot reads its mentions and timeline and answers the mention;
    /// the human's posts are read for learning.
    static func round(human: BlueskyNetwork, bot: BlueskyNetwork, mention: String) async throws -> String {
        async let mentions = firstPage(bot.mentions(of: Self.bot, after: nil, limit: 20))
        async let timeline = firstPage(bot.homeTimeline(of: Self.bot, after: nil, limit: 20))
        async let learned = firstPage(human.posts(of: Self.human, after: nil, limit: 20))
        let (served, _, _) = try await (mentions, timeline, learned)
        return try await bot.post(text: "元気だよ", inReplyTo: try #require(served.first { $0.id == mention }))
    }

    /// A world whose daemon has done one round (both accounts logged in).
    static func afterOneRound() async throws -> (World, BlueskyNetwork, BlueskyNetwork) {
        let world = try await World()
        let (human, bot) = (world.human(), world.bot())
        let mention = world.server.addPost(did: Self.friend, text: "@mirror.test 元気？")
        _ = try await Self.round(human: human, bot: bot, mention: mention)
        return (world, human, bot)
    }

    @Test("expired before a read: the read refreshes once and goes through; no login")
    func beforeRead() async throws {
        let (world, human, bot) = try await Self.afterOneRound()
        world.clock.advance(7200 + 1)
        #expect(try await firstPage(bot.mentions(of: Self.bot, after: nil, limit: 20)).count == 1)
        #expect(world.count(Self.refresh) == 1)
        #expect(world.count(Self.login) == 2)
    }

    @Test("expired between a read and a write: the write refreshes once and is written once")
    func betweenReadAndWrite() async throws {
        let world = try await World()
        let (human, bot) = (world.human(), world.bot())
        let mention = world.server.addPost(did: Self.friend, text: "@mirror.test 元気？")
        let served = try await firstPage(bot.mentions(of: Self.bot, after: nil, limit: 20))
        #expect(served.count == 1)
        _ = try await firstPage(human.posts(of: Self.human, after: nil, limit: 20))
        world.server.expireAccessTokens()
        let reply = try await bot.post(text: "元気だよ", inReplyTo: try #require(served.first { $0.id == mention }))
        #expect(world.server.post(uri: reply)?.record.text == "元気だよ")
        #expect(world.count(Self.refresh) == 1)
        #expect(world.count(Self.login) == 2)
    }

    @Test("expired with a refresh failing: concurrent calls share one renewal, and the next round goes through with no login")
    func duringRefresh() async throws {
        let (world, human, bot) = try await Self.afterOneRound()
        world.server.expireAccessTokens()
        // The first renewal gets no answer (both attempts 503): every call of that round that
        // waited for it fails, but none starts a second renewal with the same refresh token.
        world.server.injectFault(.serverError(status: 503), count: 2, endpoint: Self.refresh)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask { _ = try? await firstPage(bot.mentions(of: Self.bot, after: nil, limit: 20)) }
                group.addTask { _ = try? await firstPage(bot.homeTimeline(of: Self.bot, after: nil, limit: 20)) }
            }
        }
        // The next round goes through.
        let second = world.server.addPost(did: Self.friend, text: "@mirror.test もう一回")
        _ = try await Self.round(human: human, bot: bot, mention: second)
        #expect(world.count(Self.login) == 2)
        #expect(world.count(Self.refresh, status: 200) == 2)  // the bot's and the human's
        #expect(world.count(Self.refresh, status: 400) == 0)  // never a spent refresh token
    }

    @Test("the human's and the bot's sessions expiring together in one store: each refreshed once, every call of the round goes through")
    func bothTogether() async throws {
        let (world, human, bot) = try await Self.afterOneRound()
        for _ in 0..<3 {
            world.clock.advance(7200 + 1)
            let next = world.server.addPost(did: Self.friend, text: "@mirror.test まだ？")
            _ = try await Self.round(human: human, bot: bot, mention: next)
        }
        #expect(world.count(Self.login) == 2)
        #expect(world.count(Self.refresh) == 6)
        #expect(world.count(Self.refresh, status: 400) == 0)
    }

    @Test("two daemons (two stores) with every token expired: one refresh per account, the other daemon adopts it; no login")
    func twoDaemons() async throws {
        let world = try await World()
        let database = world.db.database
        let other = PostgresBlueskySessionStore(lockTimeout: .seconds(5)) { try await database.connect() }
        let (human, bot) = (world.human(), world.bot())
        let (human2, bot2) = (world.human(store: other), world.bot(store: other))
        let mention = world.server.addPost(did: Self.friend, text: "@mirror.test 元気？")
        _ = try await Self.round(human: human, bot: bot, mention: mention)
        _ = try await firstPage(bot2.mentions(of: Self.bot, after: nil, limit: 20))
        _ = try await firstPage(human2.posts(of: Self.human, after: nil, limit: 20))
        world.server.expireAccessTokens()
        let second = world.server.addPost(did: Self.friend, text: "@mirror.test もう一回")
        async let one = Self.round(human: human, bot: bot, mention: second)
        async let two: Void = {
            _ = try await firstPage(bot2.mentions(of: Self.bot, after: nil, limit: 20))
            _ = try await firstPage(human2.posts(of: Self.human, after: nil, limit: 20))
        }()
        _ = try await (one, two)
        #expect(world.count(Self.login) == 2)
        #expect(world.count(Self.refresh, status: 400) == 0)
        #expect(world.count(Self.refresh) == 2)
    }
}
