import Clocks
import Foundation

/// REPLY_PACE: `human` answers after a delay drawn from the human's own, never in their
/// quiet hours, and spreads each poll's likes over the interval to the next poll (out of the
/// quiet hours too); `immediate` answers and likes at the poll.
public enum ReplyPace: String, Sendable, CaseIterable {
    case human, immediate
}

/// POLL_PACE: `human` polls every POLL_INTERVAL_SECONDS in the human's active hours and
/// every `HumanPace.quietPollInterval` in quiet ones; `steady` polls every POLL_INTERVAL_SECONDS.
public enum PollPace: String, Sendable, CaseIterable {
    case human, steady
}

/// The human's pace at one time: their reply delays and their quiet hours.
public struct HumanPace: Sendable, Equatable {
    /// The longest wait between two polls in quiet hours (unless POLL_INTERVAL_SECONDS is longer):
    /// a mention sent at night is read within half an hour, and a held reply is never late for it.
    public static let quietPollInterval: Duration = .seconds(30 * 60)

    public let delays: ReplyDelays
    public let quiet: QuietHours

    public init(delays: ReplyDelays, quiet: QuietHours) {
        self.delays = delays
        self.quiet = quiet
    }

    /// When to answer a mention made at `mentionAt`: after a delay drawn among the human's for
    /// posts made near the same time of day (`ReplyDelays.draw(at:)`); a time in a quiet
    /// hour moves to the next active hour, at a minute drawn within it (so the night's
    /// mentions are not all answered at the same minute).
    public func dueTime(mentionAt: Date, using generator: inout some RandomNumberGenerator) -> Date {
        let minute = MinuteOfDay.of(mentionAt, in: quiet.timeZone)
        return outOfQuietHours(mentionAt.addingTimeInterval(delays.draw(at: minute, using: &generator)), using: &generator)
    }

    /// When to send a like decided at a poll at `decidedAt`, the next poll `untilNextPoll` later:
    /// a time drawn uniformly within that interval (the poll's likes spread until the next, not
    /// all at its minute), moved out of quiet hours as a reply's is.
    public func likeDueTime(decidedAt: Date, untilNextPoll: Duration, using generator: inout some RandomNumberGenerator) -> Date {
        let drawn = decidedAt.addingTimeInterval(Double.random(in: 0..<max(untilNextPoll.seconds, 1), using: &generator))
        return outOfQuietHours(drawn, using: &generator)
    }

    /// `date` itself in an active hour; in a quiet one, a minute drawn within the next active hour.
    func outOfQuietHours(_ date: Date, using generator: inout some RandomNumberGenerator) -> Date {
        guard quiet.isQuiet(date), let active = quiet.nextActive(from: date) else { return date }
        return active.addingTimeInterval(Double.random(in: 0..<3600, using: &generator))
    }

    /// How long a loop waits before its next poll at `now`: `interval` in an active hour (or
    /// with `polls` steady); in a quiet hour the longer of `interval` and `quietPollInterval`,
    /// cut at the start of the next active hour. Never past `nextDue` (a held reply), and
    /// never below a second.
    public func pollWait(now: Date, interval: Duration, polls: PollPace, nextDue: Date?) -> Duration {
        var wait = interval
        if polls == .human, quiet.isQuiet(now) {
            wait = max(interval, Self.quietPollInterval)
            if let active = quiet.nextActive(from: now) { wait = min(wait, .seconds(active.timeIntervalSince(now))) }
        }
        if let nextDue { wait = min(wait, .seconds(nextDue.timeIntervalSince(now))) }
        return max(wait, .seconds(1))
    }
}
