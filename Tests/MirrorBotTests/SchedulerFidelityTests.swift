import CoreTestSupport
import Foundation
import MirrorBot
import Testing

/// Two-sample Kolmogorov-Smirnov statistic D = sup |F1(x) - F2(x)|.
func kolmogorovSmirnov(_ a: [Int], _ b: [Int]) -> Double {
    let x = a.sorted()
    let y = b.sorted()
    var i = 0
    var j = 0
    var d = 0.0
    while i < x.count, j < y.count {
        let value = min(x[i], y[j])
        while i < x.count, x[i] == value { i += 1 }
        while j < y.count, y[j] == value { j += 1 }
        d = max(d, abs(Double(i) / Double(x.count) - Double(j) / Double(y.count)))
    }
    return d
}

@Suite("Scheduler fidelity")
struct SchedulerFidelityTests {
    /// A synthetic human: mornings around 07:30 (sd 40 min), nights around 22:30
    /// (sd 60 min, wrapping past midnight), 4 to 8 posts a day for 120 days.
    static func syntheticHuman(seed: UInt64) -> [Post] {
        var generator = SeededGenerator(seed: seed)
        func normal(_ mean: Double, _ sd: Double) -> Double {
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            return mean + sd * sqrt(-2 * log(u1)) * cos(2 * .pi * u2)
        }
        var posts: [Post] = []
        for day in 0..<120 {
            let count = [4, 5, 6, 7, 8, 6, 5][day % 7]
            for index in 0..<count {
                let raw = index % 5 < 2 ? normal(450, 40) : normal(1350, 60)
                let minute = (Int(raw.rounded()) % 1440 + 1440) % 1440
                let date = LocalDate(year: 2025, month: 1, day: 1).adding(days: day).instant(atMinute: minute, in: .gmt)
                posts.append(Post(id: "\(day)-\(index)", text: "day \(day) post \(index)", createdAt: date))
            }
        }
        return posts
    }

    @Test("60 simulated days are indistinguishable from the human (KS at 5%), posts a day within 10%")
    func sixtyDays() async throws {
        let human = Self.syntheticHuman(seed: 2026)
        let posts = InMemoryPostStore(human)
        let humanMinutes = human.map { MinuteOfDay.of($0.createdAt, in: .gmt) }
        let humanPerDay = Double(human.count) / 120

        let scheduler = Scheduler(rhythm: posts, plans: InMemoryPlanStore(), picker: posts, timeZone: .gmt, postMentions: false)
        let plans = try await scheduler.simulate(days: 60, from: LocalDate(year: 2026, month: 12, day: 1), seed: 7)
        let botMinutes = plans.flatMap(\.minutes)
        let botPerDay = Double(botMinutes.count) / 60

        let d = kolmogorovSmirnov(humanMinutes, botMinutes)
        let n = Double(humanMinutes.count)
        let m = Double(botMinutes.count)
        let critical = 1.358 * sqrt((n + m) / (n * m))
        #expect(d < critical, "KS D=\(d) critical=\(critical)")
        #expect(abs(botPerDay - humanPerDay) / humanPerDay < 0.10, "bot \(botPerDay)/day, human \(humanPerDay)/day")
        // The plan really is bimodal: nothing in the quiet afternoon.
        #expect(botMinutes.filter { (13 * 60)..<(17 * 60) ~= $0 }.isEmpty)
    }

    @Test("a shifted rhythm is told apart (the test can fail)")
    func shiftedRhythmDetected() {
        let human = Self.syntheticHuman(seed: 1).map { MinuteOfDay.of($0.createdAt, in: .gmt) }
        let shifted = human.map { ($0 + 120) % 1440 }
        let n = Double(human.count)
        let critical = 1.358 * sqrt(2 * n / (n * n))
        #expect(kolmogorovSmirnov(human, shifted) > critical)
    }
}
