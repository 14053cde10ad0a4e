import MirrorBot
import Testing

/// Returns the values of a fixed list in turn: a generator whose draws the test controls.
struct ScriptedGenerator: RandomNumberGenerator {
    var values: [UInt64]
    var index = 0
    mutating func next() -> UInt64 {
        defer { index += 1 }
        return values[index % values.count]
    }
}

func distribution(_ entries: [Int: Int]) -> MinuteDistribution {
    MinuteDistribution(pairs: entries.map { (minute: $0.key, count: $0.value) })
}

@Suite("Minute distribution and plan drawing")
struct PlanDrawerTests {
    @Test("the cumulative form covers all 1,440 minutes and ends at 1")
    func cumulativeCoversTheDay() {
        let d = distribution([0: 1, 600: 2, 1439: 1])
        let cumulative = d.cumulativeProbabilities
        #expect(cumulative.count == 1440)
        #expect(cumulative[0] == 0.25)
        #expect(cumulative[599] == 0.25)
        #expect(cumulative[600] == 0.75)
        #expect(cumulative[1438] == 0.75)
        #expect(cumulative[1439] == 1.0)
    }

    @Test("u picks the first minute whose cumulative probability exceeds it", arguments: [
        (0.0, 0), (0.2499, 0), (0.25, 600), (0.7499, 600), (0.75, 1439), (0.9999999, 1439),
    ])
    func firstMinuteExceeding(u: Double, expected: Int) {
        #expect(distribution([0: 1, 600: 2, 1439: 1]).minute(at: u) == expected)
    }

    @Test("posts only at 23:59 give plans only at 23:59 (the Ruby bot skipped minute 1439)")
    func onlyLastMinute() {
        var generator = SeededGenerator(seed: 1)
        let drawer = PlanDrawer(distribution: distribution([1439: 5]), dailyCounts: DailyCounts(counts: [3]))
        for _ in 0..<50 {
            #expect(drawer.draw(using: &generator) == [1439])
        }
    }

    @Test("posts only at 00:00 give plans only at 00:00")
    func onlyFirstMinute() {
        var generator = SeededGenerator(seed: 2)
        let drawer = PlanDrawer(distribution: distribution([0: 7]), dailyCounts: DailyCounts(counts: [1, 2]))
        for _ in 0..<50 {
            #expect(drawer.draw(using: &generator) == [0])
        }
    }

    @Test("a single stored post gives that minute once a day")
    func singlePost() {
        var generator = SeededGenerator(seed: 3)
        let drawer = PlanDrawer(distribution: distribution([457: 1]), dailyCounts: DailyCounts(counts: [1]))
        #expect(drawer.draw(using: &generator) == [457])
    }

    @Test("no stored posts give an empty plan")
    func noPosts() {
        var generator = SeededGenerator(seed: 4)
        let drawer = PlanDrawer(distribution: MinuteDistribution(counts: Array(repeating: 0, count: 1440)), dailyCounts: DailyCounts(counts: []))
        #expect(drawer.draw(using: &generator).isEmpty)
    }

    @Test("after a minute is used, later minutes keep their place (the Ruby bot shifted them)")
    func removalDoesNotShift() {
        // Two minutes, equal weight. First draw u=0 takes 100; the second draw, whatever u,
        // must be 900, never 899 or anything else.
        let drawer = PlanDrawer(distribution: distribution([100: 1, 900: 1]), dailyCounts: DailyCounts(counts: [2]))
        for second in [UInt64(0), UInt64.max / 2, UInt64.max] {
            var generator = ScriptedGenerator(values: [0, second])
            #expect(drawer.draw(count: 2, using: &generator) == [100, 900])
        }
    }

    @Test("a day's minutes are distinct and sorted, at most one a minute")
    func distinctMinutes() {
        var generator = SeededGenerator(seed: 5)
        let drawer = PlanDrawer(distribution: distribution([10: 1000, 11: 1, 12: 1]), dailyCounts: DailyCounts(counts: [10]))
        let minutes = drawer.draw(using: &generator)
        #expect(minutes == [10, 11, 12])
    }

    @Test("days without posts count as zero")
    func dailyCountsWithGaps() {
        let counts = DailyCounts(days: [(day: 100, count: 3), (day: 103, count: 5)])
        #expect(counts.daysByCount == [0: 2, 3: 1, 5: 1])
        #expect(counts.days == 4)
        #expect(counts.mean == 2)
        #expect(counts == DailyCounts(counts: [3, 0, 0, 5]))
        #expect(counts == DailyCounts(daysWithPosts: [3: 1, 5: 1], span: 4))
    }

    @Test("a day's count is drawn with the share of the days that had it, zeros included")
    func dailyCountsDraw() {
        let counts = DailyCounts(counts: [3, 0, 0, 5, 0, 3, 0, 0])
        var generator = SeededGenerator(seed: 7)
        var drawn: [Int: Int] = [:]
        let draws = 80_000
        for _ in 0..<draws {
            drawn[counts.draw(using: &generator), default: 0] += 1
        }
        #expect(Set(drawn.keys) == [0, 3, 5])
        for (count, share) in [(0, 5.0 / 8), (3, 2.0 / 8), (5, 1.0 / 8)] {
            let observed = Double(drawn[count] ?? 0) / Double(draws)
            #expect(abs(observed - share) < 0.01, "count \(count): \(observed) of the draws, expected \(share)")
        }
        var empty = SeededGenerator(seed: 8)
        #expect(DailyCounts(counts: []).draw(using: &empty) == 0)
    }

    @Test("the same seed gives the same plans")
    func seeded() {
        let drawer = PlanDrawer(distribution: distribution([60: 3, 480: 10, 1200: 7, 1300: 2]), dailyCounts: DailyCounts(counts: [1, 2, 3, 4]))
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        let first = (0..<10).map { _ in drawer.draw(using: &a) }
        let second = (0..<10).map { _ in drawer.draw(using: &b) }
        #expect(first == second)
    }
}

@Suite("Local dates")
struct LocalDateTests {
    @Test("days since 1970 round-trip across leap years", arguments: [
        ("1970-01-01", 0), ("2000-02-29", 11_016), ("2024-12-31", 20_088), ("2026-11-30", 20_787),
    ])
    func roundTrip(text: String, days: Int) throws {
        let date = try #require(LocalDate(text))
        #expect(date.daysSince1970 == days)
        #expect(LocalDate(daysSince1970: days) == date)
        #expect(date.description == text)
    }
}

@Suite("Plan spacing")
struct PlanSpacingTests {
    @Test("no two planned minutes are closer than the human's closest pair", arguments: [1, 3, 7])
    func spacing(gap: Int) {
        // A busy human: a post every minute from 09:00 to 10:59.
        var counts = [Int](repeating: 0, count: MinuteOfDay.count)
        for minute in 540..<660 { counts[minute] = 1 }
        let drawer = PlanDrawer(distribution: MinuteDistribution(counts: counts), dailyCounts: DailyCounts(counts: [120]), minimumGap: gap)
        var generator = SeededGenerator(seed: 42)
        let minutes = drawer.draw(using: &generator)
        #expect(!minutes.isEmpty)
        #expect(zip(minutes, minutes.dropFirst()).allSatisfy { $1 - $0 >= gap })
        #expect(minutes.count <= 120 / gap + 1)
    }

    @Test("the gap is the closest pair in whole minutes, rounded up, never under one", arguments: [
        (nil, 1), (0.0, 1), (59.0, 1), (60.0, 1), (61.0, 2), (300.0, 5), (301.0, 6),
    ] as [(Double?, Int)])
    func gapFromHistory(closest: Double?, minutes: Int) {
        #expect(PlanDrawer.minimumGap(closestPostGap: closest) == minutes)
    }
}
