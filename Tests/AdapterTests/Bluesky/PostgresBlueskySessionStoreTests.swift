import BlueskyAPI
import FakeBluesky
import Foundation
import MirrorBotPostgres
import Postgres
import Synchronization
import TestSupport
import Testing

@Suite("Bluesky sessions in PostgreSQL")
struct PostgresBlueskySessionStoreTests {
    static func migrated(_ database: TestDatabase) async throws -> PostgresBlueskySessionStore {
        let connection = try await database.connect()
        try await Migrator(directory: try MigratedDatabase.migrationsDirectory()).migrate(connection)
        return PostgresBlueskySessionStore { try await database.connect() }
    }

    @Test("a session is saved and read back; saving again replaces it; logins are counted since a time")
    func roundTrip() async throws {
        try await TestDatabase.with { database in
            let store = try await Self.migrated(database)
            #expect(try await store.session(account: "a") == nil)
            let first = BlueskySession(did: "did:plc:a", handle: "a.test", accessJwt: "eyJa.b.c", refreshJwt: "eyJd.e.f")
            try await store.save(first, account: "a")
            var second = first
            second.accessJwt = "eyJx.y.z"
            try await store.save(second, account: "a")
            #expect(try await store.session(account: "a") == second)
            let now = Date()
            try await store.recordLogin(account: "a", at: now.addingTimeInterval(-600))
            try await store.recordLogin(account: "a", at: now.addingTimeInterval(-60))
            try await store.recordLogin(account: "b", at: now)
            let recent = try await store.logins(account: "a", since: now.addingTimeInterval(-300))
            #expect(recent.count == 1)
        }
    }

    @Test("two stores (two processes) renew one account one at a time")
    func exclusive() async throws {
        try await TestDatabase.with { database in
            let a = try await Self.migrated(database)
            let b = PostgresBlueskySessionStore { try await database.connect() }
            let order = Mutex<[String]>([])
            async let first: Void = a.exclusively(account: "acct") {
                order.withLock { $0.append("a in") }
                try await Task.sleep(for: .milliseconds(400))
                order.withLock { $0.append("a out") }
            }
            // b asks only once a holds the lock (a's connection and migration check may take a while on a busy machine).
            let deadline = ContinuousClock.now + .seconds(30)
            while order.withLock({ $0.isEmpty }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            try await b.exclusively(account: "acct") { order.withLock { $0.append("b") } }
            try await first
            #expect(order.withLock { $0 } == ["a in", "a out", "b"])
            // Another account is not held up.
            try await a.exclusively(account: "other") {}
        }
    }

    @Test("a command after another reuses the session kept in PostgreSQL: one login for both")
    func keptAcrossProcesses() async throws {
        try await TestDatabase.with { database in
            let server = FakeBlueskyServer()
            server.addAccount(did: "did:plc:bot", handle: "mirror.test", appPassword: "pass-word-0000-0000")
            try server.start()
            defer { server.stop() }
            let configuration = BlueskyClientConfiguration(serviceURL: server.baseURL, retryBaseDelay: .milliseconds(5))
            let firstStore = try await Self.migrated(database)
            _ = try await BlueskyClient(identifier: "mirror.test", appPassword: "pass-word-0000-0000", store: firstStore, configuration: configuration)
                .send(GetSession())
            let secondStore = PostgresBlueskySessionStore { try await database.connect() }
            let second = BlueskyClient(identifier: "mirror.test", appPassword: "pass-word-0000-0000", store: secondStore, configuration: configuration)
            server.expireAccessTokens()
            #expect(try await second.send(GetSession()).did == "did:plc:bot")
            #expect(server.requestCount(endpoint: "POST com.atproto.server.createSession") == 1)
            #expect(server.requestCount(endpoint: "POST com.atproto.server.refreshSession") == 1)
            let rows = try await database.connect().query("SELECT count(*) AS n FROM bluesky_logins").first?.decode("n", as: Int.self)
            #expect(rows == 1)
        }
    }
}
