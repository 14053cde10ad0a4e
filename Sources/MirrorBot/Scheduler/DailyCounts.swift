/// The human's posts per day over the stored history, days without posts
/// counting as zero; a day's number of posts is drawn from it.
public struct DailyCounts: Sendable, Equatable {
    /// One count a day, from the first stored day to the last.
    public let counts: [Int]

    public init(counts: [Int]) {
        self.counts = counts.map { max(0, $0) }
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

    public var isEmpty: Bool { counts.isEmpty }

    public var mean: Double {
        counts.isEmpty ? 0 : Double(counts.reduce(0, +)) / Double(counts.count)
    }

    /// A day's number of posts: one of the observed days, uniformly at random.
    public func draw(using generator: inout some RandomNumberGenerator) -> Int {
        guard !counts.isEmpty else { return 0 }
        return counts[Int.random(in: 0..<counts.count, using: &generator)]
    }
}
