import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

/// A migrated database with post and schedule stores.
struct SchedulerFixture {
    let db: MigratedDatabase
    let posts: PostgresPostStore
    let store: PostgresScheduleStore

    static func make() async throws -> SchedulerFixture {
        let db = try await MigratedDatabase.make()
        let posts = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 1_000_000)
        return SchedulerFixture(db: db, posts: posts, store: PostgresScheduleStore(connection: db.connection))
    }
}

/// Two daemons on one database; what one store does alone is in the contract suites
/// (Tests/AdapterTests/Contracts), run over PostgreSQL and the core tests' fakes.
@Suite("Scheduler against PostgreSQL")
struct SchedulerTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("two daemons drawing the same day at once store one plan")
    func concurrentPlans() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store((0..<40).map { post("\($0)", "text \($0)", day: 1 + $0 % 4, $0 % 24, $0) })
        let other = PostgresScheduleStore(connection: try await fixture.db.database.connect())
        let day = LocalDate(year: 2026, month: 12, day: 1)
        async let a = fixture.store.storePlan([10, 20, 30], for: day, timeZone: "UTC")
        async let b = other.storePlan([40, 50], for: day, timeZone: "UTC")
        let (planA, planB) = try await (a, b)
        #expect(planA == planB)
        #expect(planA.map(\.minute) == [10, 20, 30] || planA.map(\.minute) == [40, 50])
        try await fixture.db.database.drop()
    }

    @Test("a slot is claimed by one daemon only")
    func claimOnce() async throws {
        let fixture = try await SchedulerFixture.make()
        let other = PostgresScheduleStore(connection: try await fixture.db.database.connect())
        let day = LocalDate(year: 2026, month: 12, day: 2)
        _ = try await fixture.store.storePlan([100, 200], for: day, timeZone: "UTC")
        async let a = fixture.store.claim(day, minute: 100, owner: "a", now: now)
        async let b = other.claim(day, minute: 100, owner: "b", now: now)
        let claims = try await [a, b]
        #expect(claims.filter { $0 }.count == 1)
        #expect(try await fixture.store.plan(for: day)?.map(\.state) == [.posting, .planned])
        try await fixture.db.database.drop()
    }
}
