import Foundation
@testable import MirrorBot
import Testing

/// Ids of the form `s<unix seconds>`: a clock the tests can read at a glance.
struct SecondsIDClock: PostIDClock {
    func postTime(ofID id: String) -> Date? {
        guard id.hasPrefix("s"), let seconds = Double(id.dropFirst()) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}

@Suite("The human's pace: reply delays and quiet hours")
struct PaceTests {
    /// A rhythm of `perHour` posts in each of `hours`, nothing elsewhere.
    func rhythm(_ hours: ClosedRange<Int>, perHour: Int = 10) -> MinuteDistribution {
        var counts = [Int](repeating: 0, count: MinuteOfDay.count)
        for hour in hours { counts[hour * 60 + 17] = perHour }
        return MinuteDistribution(counts: counts)
    }

    @Test("delays come from the answered post's id; negatives, over seven days and unreadable ids are dropped")
    func delaysFromIDs() {
        let base = 1_800_000_000.0
        var timings = (0..<20).map { n in
            ReplyTiming(sentAt: Date(timeIntervalSince1970: base + Double(n) * 60 + 600), answeredID: "s\(Int(base) + n * 60)")
        }
        timings.append(ReplyTiming(sentAt: Date(timeIntervalSince1970: base), answeredID: "s\(Int(base) + 10)"))  // negative
        timings.append(ReplyTiming(sentAt: Date(timeIntervalSince1970: base + 8 * 86_400), answeredID: "s\(Int(base))"))  // 8 days
        timings.append(ReplyTiming(sentAt: Date(timeIntervalSince1970: base), answeredID: "other"))
        timings.append(ReplyTiming(sentAt: Date(timeIntervalSince1970: base), answeredID: nil))
        let delays = ReplyDelays(timings: timings, clock: SecondsIDClock())
        #expect(!delays.isFallback)
        #expect(delays.found == 20)
        #expect(delays.samples == Array(repeating: 600, count: 20))
        var generator = SeededGenerator(seed: 1)
        #expect(delays.draw(using: &generator) == 600)
    }

    @Test("the draws follow the human's delays: each of their delays about equally often")
    func empiricalDraws() {
        let delays = ReplyDelays(delays: (1...40).map { Double($0) * 100 })
        var generator = SeededGenerator(seed: 7)
        let draws = (0..<40_000).map { _ in delays.draw(using: &generator) }
        #expect(Set(draws) == Set((1...40).map { Double($0) * 100 }))
        let belowMedian = draws.filter { $0 <= 2000 }.count
        #expect(abs(Double(belowMedian) / 40_000 - 0.5) < 0.02)
    }

    @Test("a delay is drawn among the human's for posts made near the mention's time of day, widened until 20 are found")
    func nearTimeOfDay() {
        // Posts answered at 14:00 got 5 minutes; at 23:30, the night (8 hours); 20 of each.
        let samples = Array(repeating: ReplyDelays.Sample(delay: 300, minute: 14 * 60), count: 20)
            + Array(repeating: ReplyDelays.Sample(delay: 8 * 3600, minute: 23 * 60 + 30), count: 20)
        let delays = ReplyDelays(samples: samples)
        var generator = SeededGenerator(seed: 11)
        #expect((0..<200).allSatisfy { _ in delays.draw(at: 14 * 60 + 40, using: &generator) == 300 })
        #expect((0..<200).allSatisfy { _ in delays.draw(at: 10, using: &generator) == 8 * 3600 })  // 00:10 is near 23:30
        // 19:30 is 5.5 hours from 14:00 and 4 from 23:30: the window widens until it holds 20, the night's.
        #expect((0..<200).allSatisfy { _ in delays.draw(at: 19 * 60 + 30, using: &generator) == 8 * 3600 })
    }

    @Test("with fewer than 20 delays the fallback is used: log-uniform between 2 minutes and 3 hours")
    func fallback() {
        let delays = ReplyDelays(delays: Array(repeating: 60, count: 19))
        #expect(delays.isFallback)
        #expect(delays.found == 19)
        var generator = SeededGenerator(seed: 3)
        let draws = (0..<20_000).map { _ in delays.draw(using: &generator) }
        #expect(draws.allSatisfy { (120..<10_800).contains($0) })
        // Log-uniform: the geometric middle (sqrt(120 * 10800) ≈ 1138 s) halves the draws.
        let below = Double(draws.filter { $0 < (120.0 * 10_800).squareRoot() }.count) / 20_000
        #expect(abs(below - 0.5) < 0.02)
    }

    @Test("quiet: under a quarter of an average hour's posts and no reply in it; no posts, no quiet hour")
    func quietRule() {
        var counts = [Int](repeating: 0, count: MinuteOfDay.count)
        for hour in 8...22 { counts[hour * 60] = 10 }  // 150 posts: an average hour has 6.25
        counts[23 * 60] = 2  // 2 * 96 = 192 >= 150: not quiet
        counts[7 * 60] = 1  // 96 < 151... still quiet
        let distribution = MinuteDistribution(counts: counts)
        let quiet = QuietHours(rhythm: distribution, replyHours: [3], timeZone: .gmt)
        #expect(quiet.hours == Set([0, 1, 2, 4, 5, 6, 7]))
        #expect(QuietHours(rhythm: MinuteDistribution(counts: [Int](repeating: 0, count: 1440)), replyHours: [], timeZone: .gmt).hours.isEmpty)
    }

    @Test("quiet hours are the human's local hours; the next active hour starts on the hour")
    func localHours() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let quiet = QuietHours(rhythm: rhythm(8...22), replyHours: [], timeZone: tokyo)
        #expect(quiet.hours == Set([23, 0, 1, 2, 3, 4, 5, 6, 7]))
        // 2027-01-15T08:00:00Z is 17:00 in Tokyo: active; 15:30Z is 00:30 in Tokyo: quiet until 08:00 (23:00Z).
        #expect(!quiet.isQuiet(Date(timeIntervalSince1970: 1_800_000_000)))
        let night = Date(timeIntervalSince1970: 1_800_000_000 + 7.5 * 3600)
        #expect(quiet.isQuiet(night))
        #expect(quiet.nextActive(from: night) == Date(timeIntervalSince1970: 1_800_000_000 + 15 * 3600))
    }

    @Test("a drawn time in a quiet hour moves into the next active hour; one in an active hour stays")
    func dueTimes() {
        let pace = HumanPace(delays: ReplyDelays(delays: Array(repeating: 1800, count: 20)),
                             quiet: QuietHours(rhythm: rhythm(8...22), replyHours: [], timeZone: .gmt))
        var generator = SeededGenerator(seed: 5)
        let day = Date(timeIntervalSince1970: 1_800_000_000)  // 08:00Z
        #expect(pace.dueTime(mentionAt: day, using: &generator) == day.addingTimeInterval(1800))
        let late = day.addingTimeInterval(14.75 * 3600)  // 22:45Z: +30 min is 23:15, quiet
        for _ in 0..<100 {
            let due = pace.dueTime(mentionAt: late, using: &generator)
            #expect(due >= day.addingTimeInterval(86_400) && due < day.addingTimeInterval(86_400 + 3600))
        }
    }

    @Test("polls: the interval in active hours; in quiet ones every 30 minutes, cut at the next active hour and at a held reply")
    func pollWaits() {
        let pace = HumanPace(delays: ReplyDelays(delays: []), quiet: QuietHours(rhythm: rhythm(8...22), replyHours: [], timeZone: .gmt))
        let day = Date(timeIntervalSince1970: 1_800_000_000)  // 08:00Z
        let night = day.addingTimeInterval(-5 * 3600)  // 03:00Z
        #expect(pace.pollWait(now: day, interval: .seconds(300), polls: .human, nextDue: nil) == .seconds(300))
        #expect(pace.pollWait(now: night, interval: .seconds(300), polls: .human, nextDue: nil) == .seconds(1800))
        #expect(pace.pollWait(now: night, interval: .seconds(300), polls: .steady, nextDue: nil) == .seconds(300))
        #expect(pace.pollWait(now: day.addingTimeInterval(-600), interval: .seconds(300), polls: .human, nextDue: nil) == .seconds(600))
        #expect(pace.pollWait(now: night, interval: .seconds(300), polls: .human, nextDue: night.addingTimeInterval(90)) == .seconds(90))
        #expect(pace.pollWait(now: night, interval: .seconds(3600), polls: .human, nextDue: nil) == .seconds(3600))
        #expect(pace.pollWait(now: day, interval: .seconds(300), polls: .human, nextDue: day.addingTimeInterval(-5)) == .seconds(1))
    }
}
