/// How often the human posts at each minute of the day (minute 0 = 00:00 ...
/// minute 1439 = 23:59), and its cumulative form for drawing.
///
/// Counts are integers and so are the cumulative sums: "first minute whose
/// cumulative probability exceeds u" is computed as the first minute whose
/// cumulative count exceeds u * total, which is exact for u in [0, 1).
public struct MinuteDistribution: Sendable, Equatable {
    /// 1,440 counts.
    public let counts: [Int]
    /// 1,440 running sums; `cumulative[1439] == total`.
    public let cumulative: [Int]

    public var total: Int { cumulative.last ?? 0 }
    public var isEmpty: Bool { total == 0 }

    /// Minutes with at least one post.
    public var support: Int { counts.lazy.filter { $0 > 0 }.count }

    public init(counts: [Int]) {
        precondition(counts.count == MinuteOfDay.count, "a distribution has 1,440 minutes")
        self.counts = counts.map { max(0, $0) }
        var running = 0
        cumulative = self.counts.map { count in
            running += count
            return running
        }
    }

    /// From (minute, count) pairs; minutes outside 0...1439 are ignored.
    public init(pairs: [(minute: Int, count: Int)]) {
        var counts = [Int](repeating: 0, count: MinuteOfDay.count)
        for pair in pairs where (0..<MinuteOfDay.count).contains(pair.minute) {
            counts[pair.minute] += pair.count
        }
        self.init(counts: counts)
    }

    /// The cumulative probability of each minute (1,440 values, the last 1.0 unless empty).
    public var cumulativeProbabilities: [Double] {
        guard total > 0 else { return cumulative.map { _ in 0 } }
        return cumulative.map { Double($0) / Double(total) }
    }

    /// The first minute whose cumulative probability exceeds `u` (u in [0, 1)); nil when empty.
    public func minute(at u: Double) -> Int? {
        Self.firstExceeding(cumulative, Double(total) * u)
    }

    /// Binary search over running sums: the first index whose sum exceeds `target`.
    static func firstExceeding(_ sums: [Int], _ target: Double) -> Int? {
        guard let last = sums.last, Double(last) > target else { return nil }
        var low = 0
        var high = sums.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Double(sums[middle]) > target { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Posts per hour of the day (24 values), for the terminal histogram.
    public var hourly: [Int] {
        (0..<24).map { hour in counts[(hour * 60)..<(hour * 60 + 60)].reduce(0, +) }
    }
}
