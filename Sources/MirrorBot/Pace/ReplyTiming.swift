import Foundation

/// One of the human's stored replies as the pace needs it: when it was sent, and the id
/// of the post it answered (nil when the network or archive did not name it).
public struct ReplyTiming: Sendable, Equatable {
    public var sentAt: Date
    public var answeredID: String?

    public init(sentAt: Date, answeredID: String?) {
        self.sentAt = sentAt
        self.answeredID = answeredID
    }
}

/// Where the human's replies' timings come from.
public protocol ReplyTimingSource: Sendable {
    /// Up to `limit` of the human's most recent replies (withdrawn ones included: they were
    /// the human's pace all the same).
    func replyTimings(limit: Int) async throws -> [ReplyTiming]
}
