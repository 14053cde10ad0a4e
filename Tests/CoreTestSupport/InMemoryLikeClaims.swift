import MirrorBot

/// `LikeClaims` in memory: claims and likes of a day count toward its limit, as in PostgreSQL.
public actor InMemoryLikeClaims: LikeClaims {
    public struct Record: Sendable, Equatable {
        public var day: LocalDate
        public var ratio: Double
        /// nil while claimed.
        public var state: LikeState?
        public var reason: String?
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
    }

    public func releaseLike(_ postID: String) {
        if records[postID]?.state == nil { records[postID] = nil }
    }

    /// The posts in `state`.
    public func posts(in state: LikeState) -> Set<String> {
        Set(records.filter { $0.value.state == state }.keys)
    }
}
