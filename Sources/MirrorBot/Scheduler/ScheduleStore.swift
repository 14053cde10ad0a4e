import Foundation

/// What the bot has posted (posts and replies), and what the network refused as duplicate.
public protocol BotTextStore: Sendable {
    func recordPosted(text: String, at: Date) async throws
    func markRefused(text: String, at: Date) async throws
    /// Of `texts`, those the bot posted before or the network refused.
    func usedTexts(_ texts: [String]) async throws -> Set<String>
}

/// What the scheduler keeps: the human's rhythm (computed by the store), the
/// day's plan with each slot's state, and what the bot has posted.
public protocol ScheduleStore: BotTextStore {
    /// Original posts (not replies) per minute of the day.
    func minuteDistribution() async throws -> MinuteDistribution
    /// Original posts per local day over the stored history, empty days as 0.
    func dailyCounts() async throws -> DailyCounts

    /// The stored plan of `day`, or nil when none was drawn.
    func plan(for day: LocalDate) async throws -> [PlanSlot]?
    /// Stores `minutes` as the plan of `day` unless a plan exists; returns the stored plan.
    func storePlan(_ minutes: [Int], for day: LocalDate, timeZone: String) async throws -> [PlanSlot]
    /// Moves a slot from planned to posting for `owner`; false when someone else has it.
    func claim(_ day: LocalDate, minute: Int, owner: String, now: Date) async throws -> Bool
    /// Puts a claimed slot back to planned after a failure, to be tried again.
    func releaseClaim(_ day: LocalDate, minute: Int) async throws
    func markPosted(_ day: LocalDate, minute: Int, sourcePostID: String, postedID: String, text: String) async throws
    func markSkipped(_ day: LocalDate, minute: Int, reason: String) async throws
    /// Slots of days before `day` still planned (the day ended first) become skipped; returns how many.
    func skipPastSlots(before day: LocalDate) async throws -> Int
    /// Slots left in `posting` since before `cutoff` (a daemon died mid-post) become skipped.
    func skipInterrupted(claimedBefore cutoff: Date) async throws -> Int

    /// A random original post within `window` minutes of `minute` (wrapping midnight),
    /// preferring texts never posted, else the one posted longest ago and not since `notSince`;
    /// never a text the network refused.
    func pickPost(near minute: Int, window: Int, allowMentions: Bool, notSince: Date) async throws -> Post?

    /// Forgets every day's plan (not what the bot posted: it must never repeat itself).
    func removePlans() async throws
}
