import Foundation

/// The human's posts that are gone from the network: kept (never deleted), never
/// picked, replied with or stored again.
public protocol WithdrawalStore: Sendable {
    /// Marks `ids` withdrawn at `date`; returns how many were not withdrawn before.
    @discardableResult
    func markWithdrawn(_ ids: [String], at date: Date) async throws -> Int

    /// Notes that `ids` were looked up at `date` and still exist (the sweep checks the longest-unchecked first).
    func markChecked(_ ids: [String], at date: Date) async throws

    /// How many posts are withdrawn.
    func withdrawnCount() async throws -> Int

    /// Up to `limit` stored posts (not withdrawn) for the deletion sweep. Among those not looked
    /// up in the last day: sources of the bot's live copies first, then originals written within
    /// 30 minutes of `minutes` (the coming slots'); then the longest-unchecked.
    func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String]
}
