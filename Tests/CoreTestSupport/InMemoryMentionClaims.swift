import Clocks
import Foundation
import MirrorBot

/// `MentionClaims` in memory; a reply counts toward the hourly limit from the
/// time `clock` says it was finished (PostgreSQL uses the row's `updated_at`).
public actor InMemoryMentionClaims: MentionClaims {
    public struct Record: Sendable, Equatable {
        public var authorID: String
        /// nil while claimed or held.
        public var state: ReplyState?
        public var reason: String?
        public var replyID: String?
        public var text: String?
        /// The stored post the reply reused.
        public var source: String?
        public var finishedAt: Date?
        /// Set on a held mention (REPLY_PACE=human).
        public var dueAt: Date?
        public var mention: NetworkPost?
        /// True while held and not taken.
        public var isDue = false
        /// When it was claimed or taken, on the bot's clock; nil while held and never taken.
        public var claimedAt: Date?
    }

    public private(set) var records: [String: Record] = [:]
    private let clock: any BotClock

    public init(clock: any BotClock) {
        self.clock = clock
    }

    public func claimMention(_ mention: NetworkPost, at now: Date, since: Date) -> Int? {
        guard records[mention.id] == nil else { return nil }
        records[mention.id] = Record(authorID: mention.authorID, mention: mention, claimedAt: now)
        return repliesCount(to: mention.authorID, since: since)
    }

    private func repliesCount(to authorID: String, since: Date) -> Int {
        records.values.filter { $0.authorID == authorID && $0.state == .replied && ($0.finishedAt ?? .distantPast) >= since }.count
    }

    public func finishMention(_ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?, source: String?) {
        records[mentionID]?.source = source
        records[mentionID]?.state = state
        records[mentionID]?.reason = reason
        records[mentionID]?.replyID = replyID
        records[mentionID]?.text = text
        records[mentionID]?.finishedAt = clock.now()
        records[mentionID]?.isDue = false
    }

    public func releaseMention(_ mentionID: String) {
        guard let record = records[mentionID], record.state == nil, !record.isDue else { return }
        if record.dueAt != nil { records[mentionID]?.isDue = true } else { records[mentionID] = nil }
    }

    public func holdMention(_ mention: NetworkPost, dueAt: Date) -> Bool {
        guard records[mention.id] == nil else { return false }
        records[mention.id] = Record(authorID: mention.authorID, dueAt: dueAt, mention: mention, isDue: true)
        return true
    }

    public func dueMentions(at now: Date, limit: Int) -> [NetworkPost] {
        records.values.filter { $0.isDue && ($0.dueAt ?? .distantFuture) <= now }
            .sorted { ($0.dueAt ?? .distantFuture, $0.mention?.id ?? "") < ($1.dueAt ?? .distantFuture, $1.mention?.id ?? "") }
            .prefix(limit).compactMap(\.mention)
    }

    public func takeDueMention(_ mentionID: String, authorID: String, now: Date, since: Date) -> Int? {
        guard let record = records[mentionID], record.isDue, (record.dueAt ?? .distantFuture) <= now else { return nil }
        records[mentionID]?.isDue = false
        records[mentionID]?.claimedAt = now
        return repliesCount(to: authorID, since: since)
    }

    public func nextDueMention() -> Date? {
        records.values.filter(\.isDue).compactMap(\.dueAt).min()
    }

    private func isInterrupted(_ record: Record, by cutoff: Date) -> Bool {
        record.state == nil && !record.isDue && (record.claimedAt ?? .distantFuture) <= cutoff
    }

    public func interruptedMentions(claimedBefore cutoff: Date, limit: Int) -> [NetworkPost] {
        records.values.filter { isInterrupted($0, by: cutoff) }
            .sorted { ($0.claimedAt ?? .distantFuture, $0.mention?.id ?? "") < ($1.claimedAt ?? .distantFuture, $1.mention?.id ?? "") }
            .prefix(limit).compactMap(\.mention)
    }

    public func resumeMention(_ mentionID: String, claimedBefore cutoff: Date, dueAt: Date) -> Bool {
        guard let record = records[mentionID], isInterrupted(record, by: cutoff) else { return false }
        records[mentionID]?.dueAt = dueAt
        records[mentionID]?.isDue = true
        return true
    }
}
