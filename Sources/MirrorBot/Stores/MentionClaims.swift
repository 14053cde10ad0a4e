import Foundation

/// Mentions claimed for answering, each once. Of two daemons, one gets a mention.
public protocol MentionClaims: Sendable {
    /// Claims a mention for answering; nil when it was claimed before. With the
    /// claim, how many replies `authorID` got since `since` (for the hourly limit).
    func claimMention(_ mentionID: String, authorID: String, authorUsername: String?, since: Date) async throws -> Int?
    /// Records how a claimed mention ended; `source` is the human's stored post the reply reused
    /// (its id: the reply is deleted when they delete that post, `CopyStore`).
    func finishMention(
        _ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?, source: String?
    ) async throws
    /// Drops a claim after a failure, so the mention is tried again.
    func releaseMention(_ mentionID: String) async throws
}

extension MentionClaims {
    /// A mention that ended without reusing a stored post.
    public func finishMention(_ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?) async throws {
        try await finishMention(mentionID, state: state, reason: reason, replyID: replyID, text: text, source: nil)
    }
}

public enum ReplyState: String, Sendable {
    case replied, silent, skipped
}
