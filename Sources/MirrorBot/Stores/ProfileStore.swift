import Foundation

/// What the bot last read in people's profiles: whether each says no (`NoBotTag`), and
/// when it was read. Kept across restarts, so a profile is read at most once a day.
public protocol ProfileStore: Sendable {
    /// The verdicts on `ids` read at or after `since`, by id (true: the profile says no).
    func profileVerdicts(of ids: [String], readSince since: Date) async throws -> [String: Bool]
    /// Records the verdicts read at `date`, replacing older ones.
    func storeProfileVerdicts(_ verdicts: [String: Bool], readAt date: Date) async throws
}
