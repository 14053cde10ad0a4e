import Foundation

/// The classifier's verdict on one post.
public struct Classification: Sendable, Equatable {
    /// `.favorite` when `ratio` exceeds `threshold.value`, else `.normal`.
    public var label: ClassifierCategory
    /// P(favorite|post) / P(normal|post). 0 when the classifier cannot decide
    /// (no document in one of the categories yet, or a post with no features).
    public var ratio: Double
    /// The post's features, in the order they were found.
    public var features: [String]
    /// Each feature's pull, strongest toward `favorite` first, strongest toward `normal` last.
    public var contributions: [FeatureContribution]
    /// The threshold `ratio` was held against, and why.
    public var threshold: ThresholdInForce

    public init(
        label: ClassifierCategory, ratio: Double, features: [String], contributions: [FeatureContribution],
        threshold: ThresholdInForce = .fixed(NaiveBayes.defaultThreshold)
    ) {
        self.label = label
        self.ratio = ratio
        self.features = features
        self.contributions = contributions
        self.threshold = threshold
    }

    public var isFavorite: Bool { label == .favorite }

    /// Up to `limit` features that pulled hardest toward `category` (and only those that pulled that way).
    public func strongest(toward category: ClassifierCategory, limit: Int = 5) -> [FeatureContribution] {
        switch category {
        case .favorite: Array(contributions.filter { $0.logRatio > 0 }.prefix(limit))
        case .normal: Array(contributions.reversed().filter { $0.logRatio < 0 }.prefix(limit))
        }
    }
}

/// How much one feature moved the verdict.
public struct FeatureContribution: Sendable, Equatable {
    public var feature: String
    /// The weighted probability of the feature in each category.
    public var favorite: Double
    public var normal: Double

    public init(feature: String, favorite: Double, normal: Double) {
        self.feature = feature
        self.favorite = favorite
        self.normal = normal
    }

    /// log(favorite / normal): positive pulls toward favorite, negative toward normal.
    public var logRatio: Double { Foundation.log(favorite) - Foundation.log(normal) }
}
