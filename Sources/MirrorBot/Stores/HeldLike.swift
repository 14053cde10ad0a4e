import Foundation

/// A like decided at a poll and held until `dueAt` (REPLY_PACE=human): the post as the network
/// served it (the consent check at send time needs its author) and the decision, as the
/// `liked` line names it when it goes out. Stored as JSON (`likes.held`, migration 020).
public struct HeldLike: Sendable, Equatable, Codable {
    public var post: NetworkPost
    public var ratio: Double
    public var threshold: ThresholdInForce
    /// The strongest features toward `favorite`.
    public var features: [String]
    public var dueAt: Date

    public init(post: NetworkPost, ratio: Double, threshold: ThresholdInForce, features: [String], dueAt: Date) {
        self.post = post
        self.ratio = ratio
        self.threshold = threshold
        self.features = features
        self.dueAt = dueAt
    }
}
