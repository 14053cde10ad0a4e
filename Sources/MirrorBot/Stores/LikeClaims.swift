import Foundation

/// Posts claimed for liking, each once. Of two daemons, one gets a post.
public protocol LikeClaims: Sendable {
    /// Claims a post for liking; nil when it was claimed before. With the claim, how many
    /// posts were liked on `day` (claimed, held or liked: for the daily limit).
    func claimLike(_ postID: String, authorID: String, authorUsername: String?, ratio: Double, day: LocalDate) async throws -> Int?
    func finishLike(_ postID: String, state: LikeState, reason: String?) async throws
    /// Drops a claim after a failure, so the post is decided again; a held like (`holdLike`)
    /// goes back to being held, due at once.
    func releaseLike(_ postID: String) async throws

    /// REPLY_PACE=human: holds a claimed like until `like.dueAt`, keeping the decision.
    func holdLike(_ like: HeldLike) async throws
    /// Held likes due at `now`, the earliest first, at most `limit`.
    func dueLikes(at now: Date, limit: Int) async throws -> [HeldLike]
    /// Takes a held, due like for sending, as `claimLike` claims a new one: false when another
    /// daemon took it (or it is no longer held).
    func takeDueLike(_ postID: String, now: Date) async throws -> Bool
    /// When the earliest held like is due; nil when none is held.
    func nextDueLike() async throws -> Date?
}

public enum LikeState: String, Sendable {
    case liked
    /// Decided, logged, not sent (DRY_RUN, or the account's access level cannot like).
    case wouldLike = "would_like"
    /// The network refused to like this one post (deleted, protected, blocked), or its author
    /// said no while the like was held.
    case skipped
}
