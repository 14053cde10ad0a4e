/// Draws a day's posting minutes from the human's rhythm.
///
/// Each draw takes u in [0, 1) and the first minute whose cumulative
/// probability exceeds u. A minute is used at most once a day: after a draw
/// its count is removed and the cumulative sums are rebuilt over all 1,440
/// minutes, so no minute is skipped and no later minute shifts (the original
/// Ruby bot's two bugs).
public struct PlanDrawer: Sendable {
    public let distribution: MinuteDistribution
    public let dailyCounts: DailyCounts

    public init(distribution: MinuteDistribution, dailyCounts: DailyCounts) {
        self.distribution = distribution
        self.dailyCounts = dailyCounts
    }

    /// The day's minutes, sorted, distinct. Empty when there is no history.
    public func draw(using generator: inout some RandomNumberGenerator) -> [Int] {
        guard !distribution.isEmpty else { return [] }
        let wanted = min(dailyCounts.draw(using: &generator), distribution.support)
        return draw(count: wanted, using: &generator)
    }

    /// `count` distinct minutes (at most as many as have posts), sorted.
    public func draw(count: Int, using generator: inout some RandomNumberGenerator) -> [Int] {
        var remaining = distribution.counts
        var minutes: [Int] = []
        for _ in 0..<min(count, distribution.support) {
            let sums = Self.runningSums(remaining)
            guard let total = sums.last, total > 0 else { break }
            let u = Double.random(in: 0..<1, using: &generator)
            guard let minute = MinuteDistribution.firstExceeding(sums, Double(total) * u) else { break }
            minutes.append(minute)
            remaining[minute] = 0
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
