import Foundation

/// The daemon's memory: stream cursors, and a record of every reply and like,
/// unique per target. Claims are atomic: of two daemons, one gets a target.
public protocol ActionStore: Sendable {
    func cursor(_ stream: String) async throws -> String?
    func setCursor(_ stream: String, to id: String) async throws

    /// Claims a mention for answering; nil when it was claimed before. With the
    /// claim, how many replies `authorID` got since `since` (for the hourly limit).
    func claimMention(_ mentionID: String, authorID: String, authorUsername: String?, since: Date) async throws -> Int?
    func finishMention(_ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?) async throws
    /// Drops a claim after a failure, so the mention is tried again.
    func releaseMention(_ mentionID: String) async throws

    /// Claims a post for liking; nil when it was claimed before. With the
    /// claim, how many posts were liked on `day` (for the daily limit).
    func claimLike(_ postID: String, authorID: String, authorUsername: String?, ratio: Double, day: LocalDate) async throws -> Int?
    func finishLike(_ postID: String, state: LikeState, reason: String?) async throws
    func releaseLike(_ postID: String) async throws

    /// Of `postIDs`, those not yet learned as `category`, now marked learned.
    func markTrained(_ postIDs: [String], as category: ClassifierCategory) async throws -> Set<String>
    /// Undoes `markTrained` after a failed training.
    func forgetTrained(_ postIDs: [String], as category: ClassifierCategory) async throws
    /// Of `postIDs`, those learned as `category` before.
    func trained(_ postIDs: [String], as category: ClassifierCategory) async throws -> Set<String>

    /// When the one-time job `name` finished, or nil.
    func jobFinished(_ name: String) async throws -> Date?
    func finishJob(_ name: String, summary: String) async throws

    /// Forgets what was learned: learned posts, finished training jobs and the
    /// cursors of the human's streams. The bot's own replies, likes and
    /// cursors stay, so clearing never makes it answer or like anything twice.
    func forgetTraining() async throws
}

public enum ReplyState: String, Sendable {
    case replied, silent, skipped
}

public enum LikeState: String, Sendable {
    case liked
    /// Decided, logged, not sent (DRY_RUN, or the account's access level cannot like).
    case wouldLike = "would_like"
    /// The network refused to like this one post (deleted, protected, blocked).
    case skipped
}
