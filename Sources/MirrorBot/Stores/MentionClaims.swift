import Foundation

/// Mentions claimed for answering, each once. Of two daemons, one gets a mention.
public protocol MentionClaims: Sendable {
    /// Claims a mention for answering; nil when it was claimed before. With the
    /// claim, how many replies `authorID` got since `since` (for the hourly limit).
    func claimMention(_ mentionID: String, authorID: String, authorUsername: String?, since: Date) async throws -> Int?
    func finishMention(_ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?) async throws
    /// Drops a claim after a failure, so the mention is tried again.
    func releaseMention(_ mentionID: String) async throws
}

public enum ReplyState: String, Sendable {
    case replied, silent, skipped
}
