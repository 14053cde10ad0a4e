import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

func utc(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text) ?? Date(timeIntervalSince1970: 0)
}

@Suite("Migrations and post storage")
struct PostgresPostStoreTests {
    @Test("migrate applies every file once; a second run changes nothing")
    func migrateTwice() async throws {
        let database = try await TestDatabase.make()
        let connection = try await database.connect()
        let migrator = Migrator(directory: try MigratedDatabase.migrationsDirectory())
        let first = try await migrator.migrate(connection)
        #expect(first == (try migrator.files().map(\.lastPathComponent)))
        #expect(!first.isEmpty)
        let second = try await migrator.migrate(connection)
        #expect(second.isEmpty)
        let recorded = try await connection.query("SELECT count(*) AS n FROM schema_migrations").first?.decode("n", as: Int.self)
        #expect(recorded == first.count)
        try await database.drop()
    }

    @Test("a database already past 012 without 009-011 (main's before the take-backs) gets exactly those, in order, and works")
    func missedMigrationsBelowTheNewest() async throws {
        let database = try await TestDatabase.make()
        defer { Task { try? await database.drop() } }
        let connection = try await database.connect()
        let all = try MigratedDatabase.migrationsDirectory()
        let missed = ["009_withdrawn_posts.sql", "010_opt_outs.sql", "011_deleted_copies.sql"]
        let files = try Migrator(directory: all).files()
        let applied = try await MigratedDatabase.migrate(connection, only: { !missed.contains($0) && $0.prefix(3) <= "012" })
        #expect(applied.last == "012_rhythm_aggregates.sql")
        // A post stored by the version before the take-backs (its own INSERT: today's refuses withdrawn ones).
        try await connection.query("""
            INSERT INTO posts (id, text, created_at, minute_of_day, local_date)
            VALUES ('1', 'before the upgrade', '2024-01-01T12:00:00Z', 720, '2024-01-01')
            """)

        // The ones it missed, in name order, then any later one: none applied twice.
        let expected = files.map(\.lastPathComponent).filter { missed.contains($0) || $0.prefix(3) > "012" }
        #expect(try await Migrator(directory: all).migrate(connection) == expected)
        let withdrawals = PostgresWithdrawalStore(connection: connection)
        try await withdrawals.markChecked(["1"], at: utc("2024-01-02T00:00:00Z"))
        #expect(try await withdrawals.markWithdrawn(["1"], at: utc("2024-01-02T00:00:00Z")) == 1)
        #expect(try await withdrawals.withdrawnCount() == 1)
        let minutes = try await connection.query("SELECT sum(posts) AS n FROM rhythm_minutes").first?.decode("n", as: Int.self)
        #expect(minutes == 1)  // checked_at's update left the rhythm as it was
        #expect(try await Migrator(directory: all).migrate(connection).isEmpty)
    }

    @Test("a failing migration names its file and records nothing")
    func failingMigration() async throws {
        let database = try await TestDatabase.make()
        let connection = try await database.connect()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("mig"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "CREATE TABLE good (x int);".write(to: folder.appendingPathComponent("001_good.sql"), atomically: true, encoding: .utf8)
        try "CREATE TABLE bad (x int); SELECT nonsense FROM nowhere;".write(
            to: folder.appendingPathComponent("002_bad.sql"), atomically: true, encoding: .utf8)
        await #expect {
            try await Migrator(directory: folder).migrate(connection)
        } throws: { error in
            "\(error)".contains("002_bad.sql")
        }
        let names = try await connection.query("SELECT name FROM schema_migrations").compactMap { $0["name"] }
        #expect(names == ["001_good.sql"])
        let bad = try await connection.query("SELECT to_regclass('bad') IS NULL AS missing").first?.decode("missing", as: Bool.self)
        #expect(bad == true)
        try await database.drop()
    }

    @Test("minute of day and local date are computed in the time zone, and recomputed when it changes")
    func minuteOfDayInZone() async throws {
        let db = try await MigratedDatabase.make()
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: tokyo, limit: 100)
        try await store.store([
            Post(id: "1", text: "late", createdAt: utc("2024-01-01T23:30:00Z"), inReplyToUserID: "9", inReplyToScreenName: "friend"),
            Post(id: "2", text: "@friend hi", createdAt: utc("2024-01-01T14:59:00Z")),
        ])
        func rows() async throws -> [String: (Int, String)] {
            var result: [String: (Int, String)] = [:]
            for row in try await db.connection.query("SELECT id, minute_of_day, local_date::text AS day FROM posts") {
                result[try row.decode("id")] = (try row.decode("minute_of_day"), try row.decode("day"))
            }
            return result
        }
        var stored = try await rows()
        #expect(stored["1"]?.0 == 510)
        #expect(stored["1"]?.1 == "2024-01-02")
        #expect(stored["2"]?.0 == 1439)
        let mention = try await db.connection.query("SELECT has_mention, in_reply_to_screen_name FROM posts WHERE id = '2'").first
        #expect(try mention?.decode("has_mention", as: Bool.self) == true)

        _ = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 100)
        stored = try await rows()
        #expect(stored["1"]?.0 == 23 * 60 + 30)
        #expect(stored["1"]?.1 == "2024-01-01")
        #expect(stored["2"]?.0 == 14 * 60 + 59)
        try await db.database.drop()
    }

    @Test("a large batch goes in several statements in one transaction")
    func largeBatch() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let posts = (0..<1_234).map { Post(id: "\($0)", text: "テキスト \($0)", createdAt: Date(timeIntervalSince1970: Double($0) * 3_600)) }
        #expect(try await store.store(posts) == 1_234)
        #expect(try await store.count() == 1_234)
        try await db.database.drop()
    }
}
