import Foundation
import MirrorBot

/// What the like loop's decisions show of the classifier: the threshold in force,
/// recent verdicts against it, the features that pulled toward `favorite` lately,
/// and the like shares of the human and of the bot.
public struct ClassifierStatus: Sendable, Equatable {
    public struct Decision: Sendable, Equatable {
        public var at: Date
        public var author: String
        public var ratio: Double
        public var liked: Bool
        public var features: [String]
    }

    public static let keptDecisions = 20
    public static let keptFeatureSets = 50

    /// The ratio above which a post is liked, and where that number came from.
    public var threshold: Double?
    public var thresholdSource: String?
    /// Newest first.
    public var decisions: [Decision] = []
    /// The features of the last liked (or would-like) decisions, newest first.
    public var recentFavoriteFeatures: [[String]] = []
    /// Decided since start: toward liking (liked, would like, skipped at the limit) and passed.
    public var favorable = 0
    public var passed = 0
    /// Learned since start from the human: their likes and their timeline.
    public var humanFavorites = 0
    public var humanNormals = 0
    /// Set once the network refused likes for this account.
    public var likesUnavailable: String?

    public init() {}

    public var botLikeShare: Double? { Self.share(favorable, of: favorable + passed) }
    public var humanLikeShare: Double? { Self.share(humanFavorites, of: humanFavorites + humanNormals) }

    /// The features seen most often in recent favorable decisions, most frequent first.
    public func strongestFeatures(limit: Int = 10) -> [(feature: String, count: Int)] {
        var counts: [String: Int] = [:]
        var firstSeen: [String: Int] = [:]
        for (position, feature) in recentFavoriteFeatures.joined().enumerated() {
            counts[feature, default: 0] += 1
            if firstSeen[feature] == nil { firstSeen[feature] = position }
        }
        return counts.sorted { ($0.value, -(firstSeen[$0.key] ?? 0)) > ($1.value, -(firstSeen[$1.key] ?? 0)) }
            .prefix(limit).map { ($0.key, $0.value) }
    }

    mutating func record(_ decision: Decision) {
        decisions.insert(decision, at: 0)
        if decisions.count > Self.keptDecisions { decisions.removeLast() }
        if decision.liked, !decision.features.isEmpty {
            recentFavoriteFeatures.insert(decision.features, at: 0)
            if recentFavoriteFeatures.count > Self.keptFeatureSets { recentFavoriteFeatures.removeLast() }
        }
    }

    static func share(_ part: Int, of whole: Int) -> Double? {
        whole > 0 ? Double(part) / Double(whole) : nil
    }
}
