import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

/// Migrations 012's and 016's aggregates against the queries over all posts they replace
/// (issue 30): whatever happens to `posts`, the scheduler must read the same rhythm as before.
@Suite("The rhythm's aggregates follow the posts")
struct RhythmAggregateTests {
    /// The rhythm computed from every stored post, as the store computed it before migration 012.
    struct Scan: Equatable {
        let minutes: [Int: Int]
        let days: [Int: Int]
        /// The days' counts as the scheduler draws from them (016's histogram when read).
        let daily: DailyCounts
        let gap: Double?

        static func of(_ connection: PostgresConnection) async throws -> Scan {
            let minutes = try await connection.query("""
                SELECT minute_of_day AS key, count(*) AS n FROM posts WHERE in_reply_to_user_id IS NULL GROUP BY 1
                """)
            let days = try await connection.query("""
                SELECT (local_date - DATE '1970-01-01') AS key, count(*) AS n FROM posts
                WHERE in_reply_to_user_id IS NULL GROUP BY 1
                """)
            let gap = try await connection.query("""
                SELECT min(gap) AS gap FROM (
                    SELECT extract(epoch FROM created_at - lag(created_at) OVER (ORDER BY created_at))::float8 AS gap
                    FROM posts WHERE in_reply_to_user_id IS NULL
                ) gaps
                """)
            let perDay = try Self.dictionary(days)
            return Scan(
                minutes: try Self.dictionary(minutes), days: perDay,
                daily: DailyCounts(days: perDay.map { (day: $0.key, count: $0.value) }),
                gap: try gap.first?.decodeIfPresent("gap", as: Double.self)
            )
        }

        /// What the store reads from the aggregates, in the same form; the days a row a day
        /// from `rhythm_days` (which the store no longer reads) and as the store reads them.
        static func read(_ store: PostgresScheduleStore) async throws -> Scan {
            let distribution = try await store.minuteDistribution()
            let days = try await store.connection.query("SELECT (local_date - DATE '1970-01-01') AS key, posts AS n FROM rhythm_days")
            var minutes: [Int: Int] = [:]
            for (minute, count) in distribution.counts.enumerated() where count > 0 { minutes[minute] = count }
            return Scan(
                minutes: minutes, days: try Self.dictionary(days), daily: try await store.dailyCounts(),
                gap: try await store.closestPostGap()
            )
        }

        static func dictionary(_ rows: [PostgresRow]) throws -> [Int: Int] {
            Dictionary(uniqueKeysWithValues: try rows.map { (try $0.decode("key", as: Int.self), try $0.decode("n", as: Int.self)) })
        }
    }

    func expectSame(_ fixture: SchedulerFixture, _ comment: Comment) async throws {
        let scanned = try await Scan.of(fixture.db.connection)
        let read = try await Scan.read(fixture.store)
        #expect(read == scanned, comment)
    }

    @Test("inserts, replies, a repeated post and the trim to POST_LIMIT keep the aggregates equal to a scan")
    func insertsAndTrim() async throws {
        let fixture = try await SchedulerFixture.make()
        let limited = try await PostgresPostStore.open(connection: fixture.db.connection, timeZone: .gmt, limit: 30)
        try await fixture.posts.store((0..<20).map { post("a\($0)", "text \($0)", day: 1 + $0 % 6, ($0 * 5) % 24, ($0 * 13) % 60) })
        try await expectSame(fixture, "after the first store")
        try await fixture.posts.store([
            post("a3", "text 3 again", day: 2, 5, 0), post("r1", "reply", day: 2, 9, 1, replyTo: "7"),
            post("b1", "close", day: 1, 10, 0), post("b2", "closer", day: 1, 10, 1),
        ])
        try await expectSame(fixture, "after a repeated id, a reply and a close pair")
        #expect(try await fixture.store.closestPostGap() == 60)
        // 16 more: the oldest posts (the close pair among them) leave under POST_LIMIT 30.
        try await limited.store((0..<16).map { post("c\($0)", "later \($0)", day: 20 + $0 % 3, 8 + $0, $0) })
        #expect(try await fixture.posts.count() == 30)
        try await expectSame(fixture, "after the trim to 30 posts")
        try await fixture.db.database.drop()
    }

    @Test("posts at the same instant give a gap of zero, and deleting one of the closest pair finds the next")
    func closestPair() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store([post("1", "a", 9, 0), post("2", "b", 12, 0), post("3", "c", 12, 30)])
        #expect(try await fixture.store.closestPostGap() == 30 * 60)
        try await fixture.posts.store([post("4", "d", 12, 30)])
        #expect(try await fixture.store.closestPostGap() == 0)
        try await fixture.db.connection.query("DELETE FROM posts WHERE id = '3'")
        #expect(try await fixture.store.closestPostGap() == 30 * 60)
        try await fixture.db.connection.query("DELETE FROM posts WHERE id IN ('2', '4')")
        #expect(try await fixture.store.closestPostGap() == nil)
        try await expectSame(fixture, "one post left")
        try await fixture.db.connection.query("TRUNCATE posts")
        #expect(try await fixture.store.minuteDistribution().isEmpty)
        #expect(try await fixture.store.dailyCounts().isEmpty)
        try await expectSame(fixture, "after TRUNCATE")
        try await fixture.db.database.drop()
    }

    @Test("migration 016 builds the days' histogram from the days stored before it")
    func histogramOfEarlierDays() async throws {
        // 017, 019, 021, 024 and 026 too: today's PostgresPostStore writes each post's answered id (017), markup (019),
        // content warning (024) and media (026), and trims by the count (021).
        let db = try await MigratedDatabase.make(
            before: "016", also: ["017_reply_pace.sql", "019_post_markup.sql", "021_import_at_any_size.sql", "024_content_warnings.sql", "026_post_media.sql"])
        defer { Task { try? await db.database.drop() } }
        let connection = db.connection
        let all = try MigratedDatabase.migrationsDirectory()
        let posts = try await PostgresPostStore.open(connection: connection, timeZone: .gmt, limit: 1_000_000)
        try await posts.store((0..<15).map { post("\($0)", "text \($0)", day: 1 + ($0 * $0) % 9, 8, $0) })
        #expect(try await Migrator(directory: all).migrate(connection).first == "016_rhythm_day_histogram.sql")
        let store = PostgresScheduleStore(connection: connection)
        #expect(try await store.dailyCounts() == DailyCounts(daysByCount: [0: 4, 3: 2, 4: 1, 5: 1]))  // days 1, 2, 5, 8 of 1-8
        #expect(try await Scan.read(store) == Scan.of(connection))
        try await posts.store([post("new", "on a new day", day: 12, 9, 0)])
        #expect(try await Scan.read(store) == Scan.of(connection), "after a post on a new day")
    }

    @Test("a post turned into a reply, and a new time zone, move the counts and the pair")
    func updates() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store((0..<12).map { post("\($0)", "text \($0)", day: 1 + $0 % 3, 22 + $0 % 2, $0 * 4) })
        try await fixture.db.connection.query("UPDATE posts SET in_reply_to_user_id = '5' WHERE id IN ('0', '1')")
        try await expectSame(fixture, "after two posts became replies")
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        _ = try await PostgresPostStore.open(connection: fixture.db.connection, timeZone: tokyo, limit: 1_000_000)
        #expect(try await fixture.store.dailyCounts().days == 3)
        try await expectSame(fixture, "after the time zone changed to Asia/Tokyo")
        try await fixture.db.database.drop()
    }
}
