import Foundation
import MirrorBot

/// `LikeClaims` in memory: claims, held and liked posts of a day count toward its limit, as in PostgreSQL.
public actor InMemoryLikeClaims: LikeClaims {
    public struct Record: Sendable, Equatable {
        public var day: LocalDate
        public var ratio: Double
        /// nil while claimed or held.
        public var state: LikeState?
        public var reason: String?
        /// Set on a held like (REPLY_PACE=human).
        public var held: HeldLike?
        /// True while held and not taken.
        public var isDue = false
    }

    public private(set) var records: [String: Record] = [:]

    public init() {}

    public func claimLike(_ postID: String, authorID: String, authorUsername: String?, ratio: Double, day: LocalDate) -> Int? {
        guard records[postID] == nil else { return nil }
        records[postID] = Record(day: day, ratio: ratio)
        return records.filter { $0.key != postID && $0.value.day == day && ($0.value.state == nil || $0.value.state == .liked) }.count
    }

    public func finishLike(_ postID: String, state: LikeState, reason: String?) {
        records[postID]?.state = state
        records[postID]?.reason = reason
        records[postID]?.isDue = false
    }

    public func releaseLike(_ postID: String) {
        guard let record = records[postID], record.state == nil, !record.isDue else { return }
        if record.held != nil { records[postID]?.isDue = true } else { records[postID] = nil }
    }

    public func holdLike(_ like: HeldLike) {
        guard let record = records[like.post.id], record.state == nil, record.held == nil else { return }
        records[like.post.id]?.held = like
        records[like.post.id]?.isDue = true
    }

    public func dueLikes(at now: Date, limit: Int) -> [HeldLike] {
        records.values.compactMap { $0.isDue ? $0.held : nil }.filter { $0.dueAt <= now }
            .sorted { ($0.dueAt, $0.post.id) < ($1.dueAt, $1.post.id) }
            .prefix(limit).map { $0 }
    }

    public func takeDueLike(_ postID: String, now: Date) -> Bool {
        guard let record = records[postID], record.isDue, let held = record.held, held.dueAt <= now else { return false }
        records[postID]?.isDue = false
        return true
    }

    public func nextDueLike() -> Date? {
        records.values.compactMap { $0.isDue ? $0.held?.dueAt : nil }.min()
    }

    /// The posts in `state`.
    public func posts(in state: LikeState) -> Set<String> {
        Set(records.filter { $0.value.state == state }.keys)
    }

    /// The held likes not yet sent.
    public func held() -> [HeldLike] {
        records.values.compactMap { $0.isDue ? $0.held : nil }.sorted { ($0.dueAt, $0.post.id) < ($1.dueAt, $1.post.id) }
    }
}
