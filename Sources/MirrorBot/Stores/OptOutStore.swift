import Foundation

/// One person on the do-not-interact list: by account id, or (added by an operator) by username.
public struct OptOut: Sendable, Equatable {
    public var authorID: String?
    public var username: String?
    /// Why: `asked to stop` (with the mention), or `added by an operator`.
    public var reason: String
    public var at: Date

    public init(authorID: String?, username: String?, reason: String, at: Date) {
        self.authorID = authorID
        self.username = username
        self.reason = reason
        self.at = at
    }
}

/// The do-not-interact list: people the bot never replies to nor likes, until an operator
/// removes them. Kept across restarts.
public protocol OptOutStore: Sendable {
    /// Whether the author (by id, or by username case-insensitively) is on the list.
    func isOptedOut(authorID: String, username: String?) async throws -> Bool

    /// Puts someone on the list (an id, a username, or both); returns whether they were not on it before.
    @discardableResult
    func optOut(authorID: String?, username: String?, reason: String, at date: Date) async throws -> Bool

    /// Takes everyone matching `authorID` or `username` off the list; returns how many.
    @discardableResult
    func removeOptOut(authorID: String?, username: String?) async throws -> Int

    /// Everyone on the list, oldest first.
    func optOuts() async throws -> [OptOut]
}
