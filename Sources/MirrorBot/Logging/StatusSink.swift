import Foundation

/// What the daemon tells its status page besides the loops' events (`EventSink`):
/// each round's end, today's plan and the posting rhythm. `StatusBoard` (MirrorBotStatus) is
/// the one; the core knows only this protocol (the service checks, the counted network seam and
/// the spend are the board's own, fed outside the core).
public protocol StatusSink: EventSink {
    /// The supervisor's report: `loop` finished a round and waits `wait` before the next.
    func roundSucceeded(_ loop: String, wait: Duration)
    /// The supervisor's report: `loop` begins at a phase, its first round `wait` from its start.
    func roundPhased(_ loop: String, wait: Duration)
    /// The supervisor's report: a round of `loop` failed with `error`.
    func roundFailed(_ loop: String, error: any Error)
    /// The posting loop's plan of `day`, as stored at the start of its round.
    func publishPlan(_ slots: [PlanSlot], for day: LocalDate, timeZone: TimeZone)
    /// True when the rhythm was not read yet for `day` (it is read once a day).
    func needsRhythm(for day: LocalDate) -> Bool
    /// The human's posts per minute of day (1,440 counts) beside the minutes of day at which
    /// the bot posted on the `days` days before `day`.
    func publishRhythm(human: [Int], botEarlierDays: [Int], days: Int, day: LocalDate)
}
