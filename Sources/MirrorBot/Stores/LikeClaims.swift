/// Posts claimed for liking, each once. Of two daemons, one gets a post.
public protocol LikeClaims: Sendable {
    /// Claims a post for liking; nil when it was claimed before. With the
    /// claim, how many posts were liked on `day` (for the daily limit).
    func claimLike(_ postID: String, authorID: String, authorUsername: String?, ratio: Double, day: LocalDate) async throws -> Int?
    func finishLike(_ postID: String, state: LikeState, reason: String?) async throws
    func releaseLike(_ postID: String) async throws
}

public enum LikeState: String, Sendable {
    case liked
    /// Decided, logged, not sent (DRY_RUN, or the account's access level cannot like).
    case wouldLike = "would_like"
    /// The network refused to like this one post (deleted, protected, blocked).
    case skipped
}
