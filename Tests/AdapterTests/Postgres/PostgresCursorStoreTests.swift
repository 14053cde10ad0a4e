import APIClientTestSupport
import BlueskyAPI
import CoreTestSupport
import FakeMastodon
import Foundation
import MastodonAPI
import MirrorBot
import MirrorBotMastodon
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

@Suite("Stream positions in the PostgreSQL cursor store")
struct PostgresCursorStoreTests {
    @Test("each network's position round-trips through the cursor store, over a new connection (a restart); a new one replaces it")
    func roundTrip() async throws {
        let db = try await MigratedDatabase.make()
        defer { Task { try? await db.database.drop() } }
        let bluesky = BlueskyStreamPosition(
            time: Date(timeIntervalSince1970: 1_700_000_020.123),
            uris: ["at://did:plc:aaaaaaaaaaaaaaaaaaaaaaaa/app.bsky.feed.post/3kb", "at://did:plc:bbbbbbbbbbbbbbbbbbbbbbbb/app.bsky.feed.post/3ka"])
        let positions: [String: StreamPosition] = [
            "bot_mentions": StreamPosition(bluesky.encoded), "bot_home": "1790000000000000001", "human_posts": "notification:77",
        ]
        let store = PostgresActionStore(connection: db.connection)
        for (stream, position) in positions { try await store.setCursor(stream, to: position) }
        let restarted = PostgresActionStore(connection: try await db.database.connect())
        for (stream, position) in positions { #expect(try await restarted.cursor(stream) == position, "\(stream)") }
        #expect(try await restarted.cursor("bot_mentions").flatMap { BlueskyStreamPosition(encoded: $0.value) } == bluesky)
        #expect(try await restarted.cursor("human_home") == nil)
        try await restarted.setCursor("bot_home", to: "1790000000000000002")
        #expect(try await store.cursor("bot_home") == "1790000000000000002")
        let rows = try await db.connection.query("SELECT count(*) AS n FROM cursors").first?.decode("n", as: Int.self)
        #expect(rows == 3)
    }

    @Test("a cursor stored before positions (last_id) is kept by migration 008 and read back as the position it was")
    func migratedCursor() async throws {
        let db = try await MigratedDatabase.make(before: "008")
        defer { Task { try? await db.database.drop() } }
        let connection = db.connection
        let all = try MigratedDatabase.migrationsDirectory()
        try await connection.query("INSERT INTO cursors (stream, last_id) VALUES ('human_posts', '1790000000000000001')")
        // 008 first, then every later migration, and nothing before it again.
        let later = try Migrator(directory: all).files().map(\.lastPathComponent).filter { $0 >= "008" }
        #expect(later.first == "008_cursor_positions.sql")
        #expect(try await Migrator(directory: all).migrate(connection) == later)
        #expect(try await PostgresActionStore(connection: connection).cursor("human_posts") == "1790000000000000001")
    }
}

@Suite("Mastodon mentions with positions in PostgreSQL", .serialized)
struct MastodonMentionPositionTests {
    final class World: MentionPositionWorld {
        let server = FakeMastodonServer()
        let friendID = "3"
        let botToken: String
        let clock = ManualClock(Date())
        let log = LogRecorder()
        let posts = InMemoryPostStore()

        init() throws {
            server.addAccount(id: "1", username: "human")
            botToken = server.addAccount(id: "2", username: "mirror")
            server.addAccount(id: friendID, username: "friend")
            try server.start()
        }

        deinit { server.stop() }

        /// A daemon's reply loop: a new network and a new connection each time (a restart).
        func loop(_ db: MigratedDatabase) async throws -> ReplyLoop {
            try await db.restartedReplyLoop(
                bot: MastodonNetwork(baseURL: server.baseURL, token: botToken), botAccount: Account(id: "2", username: "mirror"), posts: posts, clock: clock, log: log)
        }

        var replies: [String] {
            server.writes.compactMap { if case .reply(_, _, _, let target) = $0 { target } else { nil } }
        }

        func friendMentions(_ text: String) -> String { server.addStatus(accountID: friendID, text: text) }
    }

    @Test("mentions are answered once across restarts; the stored position is a notification's, and an older version's bare status id is read as a first run")
    func answeredOnce() async throws {
        let db = try await MigratedDatabase.make()
        defer { Task { try? await db.database.drop() } }
        try await World().mentionsAnsweredOnceAcrossRestarts(db)
    }
}
