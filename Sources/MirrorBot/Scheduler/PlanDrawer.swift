import Foundation

/// Draws a day's posting minutes from the human's rhythm.
///
/// Each draw takes u in [0, 1) and the first minute whose cumulative
/// probability exceeds u. A minute is used at most once a day: after a draw
/// its count is removed and the cumulative sums are rebuilt over all 1,440
/// minutes, so no minute is skipped and no later minute shifts (the original
/// Ruby bot's two bugs).
///
/// Two minutes of a plan are at least `minimumGap` minutes apart: after a
/// draw, the minutes closer than that to it are removed too, so a plan is never
/// denser than the human's own closest pair of posts, nor than a minute.
public struct PlanDrawer: Sendable {
    public let distribution: MinuteDistribution
    public let dailyCounts: DailyCounts
    /// Minutes between two planned posts at the least (1: distinct minutes).
    public let minimumGap: Int

    public init(distribution: MinuteDistribution, dailyCounts: DailyCounts, minimumGap: Int = 1) {
        self.distribution = distribution
        self.dailyCounts = dailyCounts
        self.minimumGap = max(1, minimumGap)
    }

    /// The gap for a human whose closest two posts were `closestPostGap` seconds apart:
    /// that, rounded up to whole minutes, and never under a minute.
    public static func minimumGap(closestPostGap: TimeInterval?) -> Int {
        guard let gap = closestPostGap, gap.isFinite, gap > 60 else { return 1 }
        return min(MinuteOfDay.count, Int((gap / 60).rounded(.up)))
    }

    /// The day's minutes, sorted, distinct. Empty when there is no history.
    public func draw(using generator: inout some RandomNumberGenerator) -> [Int] {
        guard !distribution.isEmpty else { return [] }
        let wanted = min(dailyCounts.draw(using: &generator), distribution.support)
        return draw(count: wanted, using: &generator)
    }

    /// `count` minutes at least `minimumGap` apart (fewer when no more fit), sorted.
    public func draw(count: Int, using generator: inout some RandomNumberGenerator) -> [Int] {
        var remaining = distribution.counts
        var minutes: [Int] = []
        for _ in 0..<min(count, distribution.support) {
            let sums = Self.runningSums(remaining)
            guard let total = sums.last, total > 0 else { break }
            let u = Double.random(in: 0..<1, using: &generator)
            guard let minute = MinuteDistribution.firstExceeding(sums, Double(total) * u) else { break }
            minutes.append(minute)
            for near in max(0, minute - minimumGap + 1)...min(MinuteOfDay.count - 1, minute + minimumGap - 1) {
                remaining[near] = 0
            }
        }
        return minutes.sorted()
    }

    static func runningSums(_ counts: [Int]) -> [Int] {
        var running = 0
        return counts.map { count in
            running += count
            return running
        }
    }
}
