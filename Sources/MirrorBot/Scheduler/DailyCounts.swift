/// The human's posts per day over the stored history, days without posts
/// counting as zero; a day's number of posts is drawn from it.
///
/// Kept as a histogram (how many days had each number of posts), not a count a
/// day: drawing one of the days uniformly at random and taking its count is the
/// same as drawing a count with the probability of its share of the days, and a
/// history of a million posts has some 100,000 days but a few dozen distinct counts.
public struct DailyCounts: Sendable, Equatable {
    /// How many days had each number of posts (days without posts under 0); no entry has 0 days.
    public let daysByCount: [Int: Int]
    /// The counts that occur, smallest first, and the number of days up to and including each.
    private let sortedCounts: [Int]
    private let cumulativeDays: [Int]

    /// From a histogram: the number of days (the value) that had each number of posts (the key).
    public init(daysByCount: [Int: Int]) {
        var histogram: [Int: Int] = [:]
        for (count, days) in daysByCount where days > 0 {
            histogram[max(0, count), default: 0] += days
        }
        self.daysByCount = histogram
        sortedCounts = histogram.keys.sorted()
        var total = 0
        cumulativeDays = sortedCounts.map { count in
            total += histogram[count] ?? 0
            return total
        }
    }

    /// From one count a day.
    public init(counts: [Int]) {
        var histogram: [Int: Int] = [:]
        for count in counts {
            histogram[max(0, count), default: 0] += 1
        }
        self.init(daysByCount: histogram)
    }

    /// From (day number, count) pairs, day numbers consecutive integers
    /// (e.g. days since 1970); the days between that have no pair count as 0.
    public init(days: [(day: Int, count: Int)]) {
        guard let first = days.map(\.day).min(), let last = days.map(\.day).max() else {
            self.init(counts: [])
            return
        }
        var counts = [Int](repeating: 0, count: last - first + 1)
        for entry in days {
            counts[entry.day - first] += entry.count
        }
        self.init(counts: counts)
    }

    /// From the histogram of the days that had posts and the number of days from the
    /// first stored day to the last: the days not in the histogram had none.
    public init(daysWithPosts: [Int: Int], span: Int) {
        var histogram = daysWithPosts.filter { $0.key > 0 }
        let withPosts = histogram.values.reduce(0, +)
        if span > withPosts { histogram[0, default: 0] += span - withPosts }
        self.init(daysByCount: histogram)
    }

    /// The number of days, from the first stored day to the last.
    public var days: Int { cumulativeDays.last ?? 0 }

    public var isEmpty: Bool { days == 0 }

    public var mean: Double {
        days == 0 ? 0 : Double(daysByCount.reduce(0) { $0 + $1.key * $1.value }) / Double(days)
    }

    /// A day's number of posts: one of the observed days, uniformly at random.
    public func draw(using generator: inout some RandomNumberGenerator) -> Int {
        guard days > 0 else { return 0 }
        let day = Int.random(in: 0..<days, using: &generator)
        // The first count whose days reach past `day` (binary search of the running totals).
        return MinuteDistribution.firstExceeding(cumulativeDays, Double(day)).map { sortedCounts[$0] } ?? 0
    }
}
