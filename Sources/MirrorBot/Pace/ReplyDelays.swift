import Foundation

/// How long the human takes to answer: the delays of their stored replies after the posts
/// they answered, each read from the answered post's id (`PostIDClock`).
///
/// A delay below zero (clock skew, an id of another form) or over `longest` (a reply to
/// an old post is no measure of pace) is dropped. With fewer than `minimumSamples`
/// delays the human's own say too little, and `fallback` is used instead:
/// log-uniform between 2 minutes and 3 hours (as many delays under 15 minutes as between
/// 15 minutes and 1 hour and a half, a person who answers when they look at their phone).
public struct ReplyDelays: Sendable, Equatable {
    public static let minimumSamples = 20
    public static let longest: TimeInterval = 7 * 86_400
    public static let fallbackRange: ClosedRange<TimeInterval> = 120...10_800

    /// The human's delays in seconds, sorted; empty when `isFallback`.
    public let samples: [TimeInterval]
    /// How many usable delays the history had (fewer than `minimumSamples` when `isFallback`).
    public let found: Int
    public var isFallback: Bool { samples.isEmpty }

    public init(delays: [TimeInterval]) {
        let usable = delays.filter { $0 >= 0 && $0 <= Self.longest }.sorted()
        found = usable.count
        samples = usable.count >= Self.minimumSamples ? usable : []
    }

    /// The delays of `timings` whose answered post's time `clock` can read.
    public init(timings: [ReplyTiming], clock: any PostIDClock) {
        self.init(delays: timings.compactMap { timing in
            timing.answeredID.flatMap(clock.postTime(ofID:)).map { timing.sentAt.timeIntervalSince($0) }
        })
    }

    /// A delay: one of the human's, drawn uniformly (the empirical distribution), else the fallback's.
    public func draw(using generator: inout some RandomNumberGenerator) -> TimeInterval {
        if let delay = samples.randomElement(using: &generator) { return delay }
        let range = Self.fallbackRange
        return exp(Double.random(in: log(range.lowerBound)..<log(range.upperBound), using: &generator))
    }
}
