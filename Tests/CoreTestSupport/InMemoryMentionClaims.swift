import Clocks
import Foundation
import MirrorBot

/// `MentionClaims` in memory; a reply counts toward the hourly limit from the
/// time `clock` says it was finished (PostgreSQL uses the row's `updated_at`).
public actor InMemoryMentionClaims: MentionClaims {
    public struct Record: Sendable, Equatable {
        public var authorID: String
        /// nil while claimed.
        public var state: ReplyState?
        public var reason: String?
        public var replyID: String?
        public var text: String?
        /// The stored post the reply reused.
        public var source: String?
        public var finishedAt: Date?
    }

    public private(set) var records: [String: Record] = [:]
    private let clock: any BotClock

    public init(clock: any BotClock) {
        self.clock = clock
    }

    public func claimMention(_ mentionID: String, authorID: String, authorUsername: String?, since: Date) -> Int? {
        guard records[mentionID] == nil else { return nil }
        records[mentionID] = Record(authorID: authorID)
        return records.values.filter { $0.authorID == authorID && $0.state == .replied && ($0.finishedAt ?? .distantPast) >= since }.count
    }

    public func finishMention(_ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?, source: String?) {
        records[mentionID]?.source = source
        records[mentionID]?.state = state
        records[mentionID]?.reason = reason
        records[mentionID]?.replyID = replyID
        records[mentionID]?.text = text
        records[mentionID]?.finishedAt = clock.now()
    }

    public func releaseMention(_ mentionID: String) {
        if records[mentionID]?.state == nil { records[mentionID] = nil }
    }
}
