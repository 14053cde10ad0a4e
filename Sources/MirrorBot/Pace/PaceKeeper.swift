import Clocks
import Foundation
import Synchronization

/// The human's pace as the loops use it: loaded from the store, kept for `refresh`, and the
/// two switches. The reply loop asks it when to answer, the like loop when to like; both how
/// long to wait between polls.
public final class PaceKeeper: Sendable {
    public let replies: ReplyPace
    public let polls: PollPace
    let rhythm: any RhythmSource
    let timings: any ReplyTimingSource
    let idClock: any PostIDClock
    let timeZone: TimeZone
    let clock: any BotClock
    let log: Logger
    /// The pace is read again after this long (new posts and replies are learned meanwhile).
    static let refresh: TimeInterval = 6 * 3600
    /// Replies read for the delays and the hours with replies.
    static let timingLimit = 5000

    private let loaded = Mutex<(pace: HumanPace, at: Date)?>(nil)
    private let fallbackReported = Mutex(false)
    private let generator: Mutex<SeededGenerator>

    public init(
        replies: ReplyPace, polls: PollPace, rhythm: any RhythmSource, timings: any ReplyTimingSource, idClock: any PostIDClock,
        timeZone: TimeZone, clock: any BotClock, log: Logger, seed: UInt64 = UInt64.random(in: 0...UInt64.max)
    ) {
        self.replies = replies
        self.polls = polls
        self.rhythm = rhythm
        self.timings = timings
        self.idClock = idClock
        self.timeZone = timeZone
        self.clock = clock
        self.log = log
        self.generator = Mutex(SeededGenerator(seed: seed))
    }

    /// Whether new mentions are held for a drawn time (REPLY_PACE=human).
    public var holdsReplies: Bool { replies == .human }

    /// The pace now: loaded at first use and again after `refresh`. With too few delays the
    /// fallback is used, said once (`replyPaceFallback`).
    public func current() async throws -> HumanPace {
        let now = clock.now()
        if let known = loaded.withLock({ $0 }), now.timeIntervalSince(known.at) < Self.refresh { return known.pace }
        let replies = try await timings.replyTimings(limit: Self.timingLimit)
        let delays = ReplyDelays(timings: replies, clock: idClock, timeZone: timeZone)
        let quiet = QuietHours(
            rhythm: try await rhythm.minuteDistribution(), replyHours: QuietHours.hours(of: replies.map(\.sentAt), in: timeZone),
            timeZone: timeZone)
        let pace = HumanPace(delays: delays, quiet: quiet)
        loaded.withLock { $0 = (pace, now) }
        if delays.isFallback, fallbackReported.withLock({ reported in defer { reported = true }; return !reported }) {
            log.report(.replyPaceFallback(delays: delays.found, needed: ReplyDelays.minimumSamples))
        }
        return pace
    }

    /// When to answer `mention` (see `HumanPace.dueTime`).
    public func dueTime(for mention: NetworkPost) async throws -> Date {
        let pace = try await current()
        return generator.withLock { pace.dueTime(mentionAt: mention.createdAt, using: &$0) }
    }

    /// Whether a like decided at a poll is held for a time before the next poll (REPLY_PACE=human).
    public var holdsLikes: Bool { replies == .human }

    /// When to send a like decided at `now` (see `HumanPace.likeDueTime`).
    public func likeDueTime(decidedAt now: Date, untilNextPoll: Duration) async throws -> Date {
        let pace = try await current()
        return generator.withLock { pace.likeDueTime(decidedAt: now, untilNextPoll: untilNextPoll, using: &$0) }
    }

    /// The wait before a loop's next poll (see `HumanPace.pollWait`); `interval` itself when
    /// the pace cannot be read (the store is down: the round's own error says so).
    public func pollWait(interval: Duration, nextDue: Date?) async -> Duration {
        let now = clock.now()
        guard let pace = try? await current() else {
            return nextDue.map { max(.seconds(1), min(interval, .seconds($0.timeIntervalSince(now)))) } ?? interval
        }
        return pace.pollWait(now: now, interval: interval, polls: polls, nextDue: nextDue)
    }
}
