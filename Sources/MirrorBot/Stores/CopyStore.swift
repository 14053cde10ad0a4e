import Foundation

/// One of the bot's posts and the human's post it copied.
public struct BotCopy: Sendable, Equatable {
    public var copyID: String
    public var sourceID: String

    public init(copyID: String, sourceID: String) {
        self.copyID = copyID
        self.sourceID = sourceID
    }
}

/// The bot's planned posts and its replies as copies of the human's posts they reused: which
/// to delete when a source is withdrawn.
public protocol CopyStore: Sendable {
    /// The bot's posts (posted, confirmed) and replies copied from one of `sourceIDs` and not deleted yet.
    func liveCopies(of sourceIDs: [String]) async throws -> [BotCopy]

    /// The sources (not withdrawn) of up to `limit` live copies the bot made since `date`, the newest first.
    func recentCopySources(since date: Date, limit: Int) async throws -> [String]

    /// Up to `limit` live copies whose source is withdrawn (a deletion that failed before).
    func liveCopiesOfWithdrawn(limit: Int) async throws -> [BotCopy]

    /// Records `copy` deleted at `date`; returns whether it was not recorded before.
    @discardableResult
    func markCopyDeleted(_ copy: BotCopy, at date: Date) async throws -> Bool

    /// How many copies the bot deleted.
    func deletedCopyCount() async throws -> Int
}
