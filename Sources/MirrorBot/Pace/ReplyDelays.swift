import Foundation

/// How long the human takes to answer: the delays of their stored replies after the posts
/// they answered, each read from the answered post's id (`PostIDClock`), with the minute of
/// the day (in the human's time zone) the answered post was made.
///
/// A delay below zero (clock skew, an id of another form) or over `longest` (a reply to
/// an old post is no measure of pace) is dropped. With fewer than `minimumSamples`
/// delays the human's own say too little, and the fallback is used instead:
/// log-uniform between 2 minutes and 3 hours (as many delays under 15 minutes as between
/// 15 minutes and 1 hour and a half, a person who answers when they look at their phone).
///
/// A delay is drawn among those of posts made near the same time of day as the mention
/// (within an hour either side, widened an hour at a time until `minimumSamples` are found):
/// the human answers a post of 23:50 after their night, one of 14:00 within the afternoon,
/// and drawing a night's wait for an afternoon mention would answer it hours late.
public struct ReplyDelays: Sendable, Equatable {
    public static let minimumSamples = 20
    public static let longest: TimeInterval = 7 * 86_400
    public static let fallbackRange: ClosedRange<TimeInterval> = 120...10_800

    /// One delay: seconds, and the minute of the day the answered post was made.
    public struct Sample: Sendable, Equatable {
        public var delay: TimeInterval
        public var minute: Int
    }

    /// The human's delays, sorted by delay; empty when `isFallback`.
    public let drawn: [Sample]
    /// How many usable delays the history had (fewer than `minimumSamples` when `isFallback`).
    public let found: Int
    public var isFallback: Bool { drawn.isEmpty }
    /// The delays in seconds, sorted.
    public var samples: [TimeInterval] { drawn.map(\.delay) }

    public init(samples: [Sample]) {
        let usable = samples.filter { $0.delay >= 0 && $0.delay <= Self.longest }.sorted { ($0.delay, $0.minute) < ($1.delay, $1.minute) }
        found = usable.count
        drawn = usable.count >= Self.minimumSamples ? usable : []
    }

    /// Delays without their time of day (all at minute 0: drawn among all alike).
    public init(delays: [TimeInterval]) {
        self.init(samples: delays.map { Sample(delay: $0, minute: 0) })
    }

    /// The delays of `timings` whose answered post's time `clock` can read.
    public init(timings: [ReplyTiming], clock: any PostIDClock, timeZone: TimeZone = .gmt) {
        self.init(samples: timings.compactMap { timing in
            timing.answeredID.flatMap(clock.postTime(ofID:)).map {
                Sample(delay: timing.sentAt.timeIntervalSince($0), minute: MinuteOfDay.of($0, in: timeZone))
            }
        })
    }

    /// A delay for a post made at `minute` of the day: one of the human's for posts made near
    /// that time, drawn uniformly; else the fallback's.
    public func draw(at minute: Int = 0, using generator: inout some RandomNumberGenerator) -> TimeInterval {
        guard !drawn.isEmpty else {
            let range = Self.fallbackRange
            return exp(Double.random(in: log(range.lowerBound)..<log(range.upperBound), using: &generator))
        }
        var window = 60
        var near = drawn.filter { Self.distance($0.minute, minute) <= window }
        while near.count < Self.minimumSamples, window < MinuteOfDay.count / 2 {
            window += 60
            near = drawn.filter { Self.distance($0.minute, minute) <= window }
        }
        return (near.randomElement(using: &generator) ?? drawn[0]).delay
    }

    /// Minutes between two minutes of the day, around midnight.
    static func distance(_ a: Int, _ b: Int) -> Int {
        let gap = abs(a - b) % MinuteOfDay.count
        return min(gap, MinuteOfDay.count - gap)
    }
}
