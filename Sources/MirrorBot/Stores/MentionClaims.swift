import Foundation

/// Mentions claimed for answering, each once. Of two daemons, one gets a mention.
public protocol MentionClaims: Sendable {
    /// Claims a mention for answering at `now` (the bot's clock), keeping it as the network
    /// served it; nil when it was claimed before. With the claim, how many replies its author
    /// got since `since` (for the hourly limit).
    func claimMention(_ mention: NetworkPost, at now: Date, since: Date) async throws -> Int?
    /// Records how a claimed mention ended; `source` is the human's stored post the reply reused
    /// (its id: the reply is deleted when they delete that post, `CopyStore`).
    func finishMention(
        _ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?, source: String?
    ) async throws
    /// Drops a claim after a failure, so the mention is tried again; a held mention
    /// (`holdMention`) goes back to being held, due at once.
    func releaseMention(_ mentionID: String) async throws

    /// REPLY_PACE=human: claims `mention` to be answered at `dueAt`, keeping the mention as the
    /// network served it (a reply needs it). False when it was claimed or held before.
    func holdMention(_ mention: NetworkPost, dueAt: Date) async throws -> Bool
    /// Held mentions due at `now`, the earliest first, at most `limit`.
    func dueMentions(at now: Date, limit: Int) async throws -> [NetworkPost]
    /// Takes a held, due mention for answering, as `claimMention` claims a new one: nil when
    /// another daemon took it (or it is no longer held), else the replies `authorID` got since `since`.
    func takeDueMention(_ mentionID: String, authorID: String, now: Date, since: Date) async throws -> Int?
    /// When the earliest held mention is due; nil when none is held.
    func nextDueMention() async throws -> Date?

    /// Claims whose answer was interrupted: claimed at or before `cutoff` (by `claimMention` or
    /// `takeDueMention`) and neither finished nor released, because their daemon or host died
    /// mid-answer or PostgreSQL went away after the reply went out. The earliest first, at
    /// most `limit`, each as the network served it.
    func interruptedMentions(claimedBefore cutoff: Date, limit: Int) async throws -> [NetworkPost]
    /// Holds an interrupted claim again, due at `dueAt`, to be answered as a held mention is;
    /// false when it is no longer interrupted (another daemon did so first, or it was finished).
    func resumeMention(_ mentionID: String, claimedBefore cutoff: Date, dueAt: Date) async throws -> Bool
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
