import Foundation

/// A plan slot moves planned -> posting -> posted | skipped, exactly once.
public protocol SlotClaims: Sendable {
    /// Moves a slot from planned to posting for `owner`; false when someone else has it.
    func claim(_ day: LocalDate, minute: Int, owner: String, now: Date) async throws -> Bool
    /// Puts a claimed slot back to planned after a failure, to be tried again.
    func releaseClaim(_ day: LocalDate, minute: Int) async throws
    func markPosted(_ day: LocalDate, minute: Int, sourcePostID: String, postedID: String, text: String, at: Date) async throws
    func markSkipped(_ day: LocalDate, minute: Int, reason: String) async throws
    /// Slots of days before `day` still planned (the day ended first) become skipped; returns how many.
    func skipPastSlots(before day: LocalDate) async throws -> Int
    /// Slots left in `posting` since before `cutoff` (a daemon died mid-post) become skipped.
    func skipInterrupted(claimedBefore cutoff: Date) async throws -> Int
}

extension SlotClaims {
    /// Marks a slot skipped with the reason `skip` keeps (`SlotSkip.stored`).
    public func markSkipped(_ day: LocalDate, minute: Int, _ skip: SlotSkip) async throws {
        try await markSkipped(day, minute: minute, reason: skip.stored)
    }
}
