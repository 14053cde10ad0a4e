import CoreTestSupport
import Foundation
@testable import MirrorBot
import Synchronization
import Testing

@Suite("Posting loop on a manual clock")
struct PostingLoopTests {
    @Test("a start 12 minutes late into slots every 2 minutes posts once, a text written within ±30 minutes of now")
    func noBurst() async throws {
        // The human wrote one text at 14:31 (41 minutes before the start) and one at 15:05.
        let world = PostingWorld(human: [("14:31", "二時半のつぶやき"), ("15:05", "三時過ぎのつぶやき")], now: "15:12")
        await world.seedPlan(["15:00", "15:02", "15:04", "15:06", "15:08", "15:10", "15:12"])

        _ = try await world.loop.runOnce()

        let writes = world.network.writes
        #expect(writes.count == 1)
        #expect(writes.first?.text == "三時過ぎのつぶやき")
        // Sent while publishing: its requests go first in their server's line.
        #expect(writes.first?.publishing == true)
        let states = await world.states()
        #expect(states["15:12"] == .posted)
        #expect(["15:00", "15:02", "15:04", "15:06", "15:08", "15:10"].allSatisfy { states[$0] == .skipped })
        #expect(world.log.events("slot_skipped").count == 6)
        let posted = try #require(world.log.events("posted").first)
        #expect(posted.contains("at=15:12") && posted.contains("window_min=30") && posted.contains("widened_by_min=0"))

        // A second round posts nothing more.
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.count == 1)
    }

    @Test("a slot more than 15 minutes late is skipped as missed and nothing is posted")
    func lateSlotMissed() async throws {
        let world = PostingWorld(human: [("09:00", "朝")], now: "09:20")
        await world.seedPlan(["09:04"])
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.isEmpty)
        #expect(await world.states()["09:04"] == .skipped)
        #expect(world.log.events("slot_skipped").first?.contains("late_min=16") == true)
    }

    @Test("the next post waits for the human's closest gap after the previous one, then goes out")
    func spacing() async throws {
        // The human's closest two posts are 5 minutes apart.
        let world = PostingWorld(human: [("10:00", "一"), ("10:05", "二"), ("10:30", "三")], now: "10:00")
        await world.seedPlan(["10:00", "10:02"])
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.count == 1)

        world.clock.set(PostingWorld.at("10:02"))
        let wait = try await world.loop.runOnce()
        #expect(world.network.writes.count == 1)
        #expect(wait == .seconds(180))  // until 10:05, 3 minutes away

        world.clock.set(PostingWorld.at("10:04:59"))
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.count == 1)

        world.clock.set(PostingWorld.at("10:05"))
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.count == 2)
        let times = world.network.writes.map(\.at)
        #expect(times[1].timeIntervalSince(times[0]) >= 300)
    }

    @Test("between slots the loop sleeps until the next, at most a poll interval (a minute at least); after the day's last, until the next day, whose plan it then draws")
    func waits() async throws {
        let world = PostingWorld(human: [("10:00", "一"), ("10:05", "二"), ("20:00", "三")], now: "10:00", pollInterval: .seconds(7200))
        await world.seedPlan(["10:00", "20:00"])
        #expect(try await world.loop.runOnce() == .seconds(7200))  // 20:00 is 10 hours away
        #expect(world.network.writes.count == 1)
        world.clock.set(PostingWorld.at("19:00"))
        #expect(try await world.loop.runOnce() == .seconds(3600))
        world.clock.set(PostingWorld.at("20:00"))
        #expect(try await world.loop.runOnce() == .seconds(7200))  // the day's last slot: midnight is 4 hours away
        #expect(world.network.writes.count == 2)
        world.clock.set(PostingWorld.at("23:00"))
        #expect(try await world.loop.runOnce() == .seconds(3600))
        let tomorrow = PostingWorld.day.adding(days: 1)
        #expect(await world.plans.plan(for: tomorrow) == nil)
        world.clock.set(tomorrow.instant(atMinute: 0, in: .gmt))
        _ = try await world.loop.runOnce()
        #expect(await world.plans.plan(for: tomorrow) != nil)

        let often = PostingWorld(human: [("10:00", "一"), ("10:05", "二"), ("20:00", "三")], now: "10:00", pollInterval: .seconds(10))
        await often.seedPlan(["10:00", "20:00"])
        #expect(try await often.loop.runOnce() == .seconds(60))
    }

    @Test("the next day's start, where its midnight is skipped (Santiago, 2026-09-06 00:00 -> 01:00), is never in the past")
    func skippedMidnight() throws {
        let zone = try #require(TimeZone(identifier: "America/Santiago"))
        let day = LocalDate(year: 2026, month: 9, day: 5)
        let late = day.instant(atMinute: 23 * 60 + 30, in: zone)
        #expect(PostingLoop.nextDay(after: day, now: late, in: zone) == late.addingTimeInterval(60))
        let early = day.instant(atMinute: 20 * 60, in: zone)
        #expect(PostingLoop.nextDay(after: day, now: early, in: zone) == day.adding(days: 1).instant(atMinute: 0, in: zone))
        let ordinary = LocalDate(year: 2026, month: 12, day: 1)
        #expect(PostingLoop.nextDay(after: ordinary, now: ordinary.instant(atMinute: 600, in: .gmt), in: .gmt)
            == LocalDate(year: 2026, month: 12, day: 2).instant(atMinute: 0, in: .gmt))
    }

    @Test("a fresh bot's loop, with no history and so no plan, waits for the first learning round, then draws its day")
    func waitsForLearning() async throws {
        let world = PostingWorld(human: [], now: "10:00", pollInterval: .seconds(7200))
        var loop = world.loop
        let learned = Milestone()
        loop.learned = learned
        let done = Mutex(false)
        let round = Task { [loop] in
            defer { done.withLock { $0 = true } }
            return try await loop.runOnce()
        }
        // The round waits for the milestone (however slowly a busy machine gets it there), not done.
        let deadline = ContinuousClock.now + .seconds(30)
        while learned.waiting == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(learned.waiting == 1)
        #expect(!done.withLock { $0 })
        _ = await world.posts.store([Post(id: "h0", text: "一", createdAt: PostingWorld.at("10:00", on: LocalDate(year: 2026, month: 11, day: 20)))])
        learned.reach()
        #expect(try await round.value == .zero)
        _ = try await loop.runOnce()
        #expect(await world.plans.plan(for: PostingWorld.day) != nil)
    }

    @Test("when nothing was written near now, the window widens and the log says by how much")
    func widenedWindow() async throws {
        let world = PostingWorld(human: [("12:00", "昼ごはん")], now: "13:30")
        await world.seedPlan(["13:30"])
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.first?.text == "昼ごはん")
        let posted = try #require(world.log.events("posted").first)
        #expect(posted.contains("window_min=120") && posted.contains("widened_by_min=90"))
    }

    @Test("a failed post puts the claim back, so the slot is tried again on the next round")
    func failureReleasesClaim() async throws {
        let world = PostingWorld(human: [("08:00", "おはよう")], now: "08:00")
        await world.seedPlan(["08:00"])
        world.network.failPosts([.rateLimited(endpoint: "POST /2/tweets", resetAt: Date())])
        await #expect(throws: NetworkError.self) { try await world.loop.runOnce() }
        #expect(await world.states()["08:00"] == .planned)

        world.clock.advance(30)
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.count == 1)
        #expect(await world.states()["08:00"] == .posted)
    }

    @Test("DRY_RUN decides and logs, writes nothing, and skips the slot")
    func dryRun() async throws {
        let world = PostingWorld(human: [("08:00", "おはよう")], now: "08:00", dryRun: true)
        await world.seedPlan(["08:00"])
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.isEmpty)
        #expect(world.log.events("would_post").count == 1)
        #expect(await world.states()["08:00"] == .skipped)
    }

    @Test("a slot left posting by a dead daemon is skipped after 10 minutes, never posted")
    func interrupted() async throws {
        let world = PostingWorld(human: [("08:00", "おはよう")], now: "08:00")
        await world.seedPlan(["08:00"])
        #expect(try await world.plans.claim(PostingWorld.day, minute: 480, owner: "dead", now: world.clock.now()))
        world.clock.advance(11 * 60)
        _ = try await world.loop.runOnce()
        #expect(world.network.writes.isEmpty)
        #expect(await world.states()["08:00"] == .skipped)
    }
}
