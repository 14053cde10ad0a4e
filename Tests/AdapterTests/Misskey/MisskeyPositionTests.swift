import APIClientTestSupport
import CoreTestSupport
import FakeMisskey
import Foundation
import MirrorBot
import MirrorBotMisskey
import MirrorBotPostgres
import TestSupport
import Testing

@Suite("Misskey positions in PostgreSQL", .serialized)
struct MisskeyPositionTests {
    final class World: MentionPositionWorld {
        let server = FakeMisskeyServer()
        let humanID: String
        let botID: String
        let friendID: String
        let botToken: String
        let clock = ManualClock(Date())
        let log = LogRecorder()
        let posts = InMemoryPostStore()

        init() throws {
            humanID = server.addUser(username: "human").id
            let bot = server.addUser(username: "mirror", isBot: true)
            botID = bot.id
            botToken = bot.token
            friendID = server.addUser(username: "friend").id
            try server.start()
        }

        deinit { server.stop() }

        /// A daemon's reply loop: a new network and a new connection each time (a restart).
        func loop(_ db: MigratedDatabase) async throws -> ReplyLoop {
            try await db.restartedReplyLoop(
                bot: MisskeyNetwork(baseURL: server.baseURL, token: botToken), botAccount: Account(id: botID, username: "mirror"), posts: posts, clock: clock, log: log)
        }

        var replies: [String] {
            server.writes.compactMap { if case .reply(_, _, let target, _, _) = $0 { target } else { nil } }
        }

        func friendMentions(_ text: String) -> String { server.addNote(userId: friendID, text: text) }
    }

    @Test("a note position and a notification position round-trip through the cursor store over a new connection, and a new walk resumes from them")
    func roundTrip() async throws {
        let db = try await MigratedDatabase.make()
        defer { Task { try? await db.database.drop() } }
        let world = try World()
        let network = MisskeyNetwork(baseURL: world.server.baseURL, token: world.botToken)
        world.server.follow(world.botID, world.friendID)
        let note = world.server.addNote(userId: world.friendID, text: "@mirror 一")
        let home = try #require(try await readAll(network.homeTimeline(of: world.botID, after: nil, limit: 10)).position)
        let mentions = try #require(try await readAll(network.mentions(of: world.botID, after: nil, limit: 10)).position)
        #expect(home == StreamPosition(note))
        let store = PostgresActionStore(connection: db.connection)
        try await store.setCursor("bot_home", to: home)
        try await store.setCursor("bot_mentions", to: mentions)
        let restarted = PostgresActionStore(connection: try await db.database.connect())
        #expect(try await restarted.cursor("bot_home") == home)
        #expect(try await restarted.cursor("bot_mentions") == mentions)
        let newer = world.server.addNote(userId: world.friendID, text: "@mirror 二")
        let stored = try #require(try await restarted.cursor("bot_mentions"))
        #expect(try await allPosts(network.mentions(of: world.botID, after: stored, limit: 10)).map(\.id) == [newer])
        #expect(try await allPosts(network.homeTimeline(of: world.botID, after: try await restarted.cursor("bot_home"), limit: 10)).map(\.id) == [newer])
    }

    @Test("mentions are answered once across restarts; the stored position is a notification's, and a bare note id stored instead is read as a first run")
    func answeredOnce() async throws {
        let db = try await MigratedDatabase.make()
        defer { Task { try? await db.database.drop() } }
        try await World().mentionsAnsweredOnceAcrossRestarts(db)
    }
}
