import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

/// A migrated database with post and schedule stores in a time zone.
struct SchedulerFixture {
    let db: MigratedDatabase
    let posts: PostgresPostStore
    let store: PostgresScheduleStore

    static func make(timeZone: TimeZone = .gmt) async throws -> SchedulerFixture {
        let db = try await MigratedDatabase.make()
        let posts = try await PostgresPostStore.open(connection: db.connection, timeZone: timeZone, limit: 1_000_000)
        return SchedulerFixture(db: db, posts: posts, store: PostgresScheduleStore(connection: db.connection))
    }

    func scheduler(mentions: Bool = false) -> Scheduler {
        Scheduler(store: store, timeZone: posts.timeZone, postMentions: mentions)
    }
}

/// A post at hh:mm UTC on 2024-03-<day>.
func post(_ id: String, _ text: String, day: Int = 1, _ hour: Int, _ minute: Int, replyTo: String? = nil) -> Post {
    let date = LocalDate(year: 2024, month: 3, day: day).instant(atMinute: hour * 60 + minute, in: .gmt)
    return Post(id: id, text: text, createdAt: date, inReplyToUserID: replyTo, inReplyToScreenName: replyTo.map { "user\($0)" })
}

@Suite("Scheduler against PostgreSQL")
struct SchedulerTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("the distribution is computed in the time zone, replies left out")
    func distributionInTimeZone() async throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let fixture = try await SchedulerFixture.make(timeZone: tokyo)
        try await fixture.posts.store([
            post("1", "夜", 23, 30), post("2", "夜2", day: 2, 23, 30), post("3", "reply", 1, 0, replyTo: "9"),
        ])
        let distribution = try await fixture.store.minuteDistribution()
        #expect(distribution.total == 2)
        #expect(distribution.counts[510] == 2)
        let daily = try await fixture.store.dailyCounts()
        #expect(daily.counts == [1, 1])
        try await fixture.db.database.drop()
    }

    @Test("daily counts span the history with empty days as zero")
    func dailyCountsWithGaps() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store([post("1", "a", day: 1, 9, 0), post("2", "b", day: 1, 10, 0), post("3", "c", day: 4, 9, 0)])
        #expect(try await fixture.store.dailyCounts().counts == [2, 0, 0, 1])
        try await fixture.db.database.drop()
    }

    @Test("a stored plan is reused after a restart, never re-drawn")
    func planIsStored() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store((0..<50).map { post("\($0)", "text \($0)", day: 1 + $0 % 5, ($0 * 7) % 24, $0 % 60) })
        let day = LocalDate(year: 2026, month: 11, day: 30)
        var first = SeededGenerator(seed: 1)
        var second = SeededGenerator(seed: 999)
        let plan = try await fixture.scheduler().plan(for: day, using: &first)
        let again = try await fixture.scheduler().plan(for: day, using: &second)
        #expect(!plan.isEmpty)
        #expect(plan == again)
        try await fixture.db.database.drop()
    }

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

    @Test("a slot is claimed by one daemon only, and its state is kept")
    func claimOnce() async throws {
        let fixture = try await SchedulerFixture.make()
        let other = PostgresScheduleStore(connection: try await fixture.db.database.connect())
        let day = LocalDate(year: 2026, month: 12, day: 2)
        _ = try await fixture.store.storePlan([100, 200], for: day, timeZone: "UTC")
        async let a = fixture.store.claim(day, minute: 100, owner: "a", now: now)
        async let b = other.claim(day, minute: 100, owner: "b", now: now)
        let claims = try await [a, b]
        #expect(claims.filter { $0 }.count == 1)
        try await fixture.store.markPosted(day, minute: 100, sourcePostID: "7", postedID: "555", text: "hello", at: now)
        try await fixture.store.markSkipped(day, minute: 200, reason: "no post fits")
        try await fixture.store.markSkipped(day, minute: 100, reason: "must not overwrite a posted slot")
        let slots = try #require(try await fixture.store.plan(for: day))
        #expect(slots.map(\.state) == [.posted, .skipped])
        #expect(slots.first?.postedAt == now)
        #expect(slots[0].postedID == "555")
        #expect(slots[1].reason == "no post fits")
        #expect(try await fixture.store.claim(day, minute: 100, owner: "c", now: now) == false)
        try await fixture.db.database.drop()
    }

    @Test("a slot left in posting by a dead daemon is skipped, not posted again")
    func interruptedSlots() async throws {
        let fixture = try await SchedulerFixture.make()
        let day = LocalDate(year: 2026, month: 12, day: 3)
        _ = try await fixture.store.storePlan([300], for: day, timeZone: "UTC")
        #expect(try await fixture.store.claim(day, minute: 300, owner: "dead", now: now))
        #expect(try await fixture.store.skipInterrupted(claimedBefore: now.addingTimeInterval(600)) == 1)
        let slots = try #require(try await fixture.store.plan(for: day))
        #expect(slots.first?.state == .skipped)
        #expect(slots.first?.reason == "interrupted while posting")
        try await fixture.db.database.drop()
    }

    @Test("the picker's window wraps around midnight and never picks replies")
    func pickerWrapsMidnight() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store([
            post("late", "23:50 の投稿", 23, 50),
            post("reply", "00:05 の返信", 0, 5, replyTo: "42"),
            post("noon", "12:00 の投稿", 12, 0),
        ])
        for _ in 0..<10 {
            let picked = try await fixture.scheduler().pick(for: 10, now: now)
            #expect(picked?.post.id == "late")
            #expect(picked?.window == 30)
        }
        try await fixture.db.database.drop()
    }

    @Test("mentions are left out unless POST_MENTIONS is true")
    func mentionsExcluded() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store([post("m", "@friend おはよう", 8, 0)])
        #expect(try await fixture.scheduler(mentions: false).pick(for: 480, now: now) == nil)
        #expect(try await fixture.scheduler(mentions: true).pick(for: 480, now: now)?.post.id == "m")
        try await fixture.db.database.drop()
    }

    @Test("the window widens step by step when nothing is near")
    func widening() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store([post("far", "far away", 14, 0)])
        let picked = try await fixture.scheduler().pick(for: 8 * 60, now: now)
        #expect(picked?.post.id == "far")
        #expect(picked?.window == 720)
        try await fixture.db.database.drop()
    }

    @Test("never-posted texts first, then the one posted longest ago, never within 24 hours, never a refused one")
    func postedHistory() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.posts.store([post("a", "text A", 9, 0), post("b", "text B", 9, 1), post("c", "text C", 9, 2)])
        let scheduler = fixture.scheduler()
        try await fixture.store.recordPosted(text: "text A", at: now.addingTimeInterval(-3 * 86_400))
        try await fixture.store.recordPosted(text: "text B", at: now.addingTimeInterval(-2 * 86_400))
        for _ in 0..<5 { #expect(try await scheduler.pick(for: 540, now: now)?.post.id == "c") }
        try await fixture.store.recordPosted(text: "text C", at: now.addingTimeInterval(-3600))
        for _ in 0..<5 { #expect(try await scheduler.pick(for: 540, now: now)?.post.id == "a") }
        try await fixture.store.markRefused(text: "text A", at: now)
        for _ in 0..<5 { #expect(try await scheduler.pick(for: 540, now: now)?.post.id == "b") }
        try await fixture.store.recordPosted(text: "text B", at: now.addingTimeInterval(-60))
        #expect(try await scheduler.pick(for: 540, now: now) == nil)
        try await fixture.db.database.drop()
    }

    @Test("used texts are the ones posted or refused, found by their hash")
    func usedTexts() async throws {
        let fixture = try await SchedulerFixture.make()
        try await fixture.store.recordPosted(text: "投稿した 'quote' $1", at: now)
        try await fixture.store.markRefused(text: "断られた", at: now)
        let used = try await fixture.store.usedTexts(["投稿した 'quote' $1", "断られた", "まだ"])
        #expect(used == ["投稿した 'quote' $1", "断られた"])
        #expect(try await fixture.store.usedTexts([]).isEmpty)
        try await fixture.db.database.drop()
    }
}
