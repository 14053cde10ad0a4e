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
    /// The rules give them in the post's order and they are sorted when read (issue 30, fourth
    /// pass: `classify --jsonl` never reads them, and sorting was a sixth of its classifying).
    public var contributions: [FeatureContribution] {
        get { inPostOrder.map(NaiveBayes.strongestFirst) ?? sorted }
        set {
            sorted = newValue
            inPostOrder = nil
        }
    }
    /// The threshold `ratio` was held against, and why.
    public var threshold: ThresholdInForce

    private var sorted: [FeatureContribution]
    /// Set by the rules instead of `sorted`: the contributions in the post's order.
    private var inPostOrder: [FeatureContribution]?

    public init(
        label: ClassifierCategory, ratio: Double, features: [String], contributions: [FeatureContribution],
        threshold: ThresholdInForce = .fixed(NaiveBayes.defaultThreshold)
    ) {
        self.label = label
        self.ratio = ratio
        self.features = features
        self.sorted = contributions
        self.threshold = threshold
    }

    /// A verdict whose contributions are in the post's order, to be sorted when read.
    init(
        label: ClassifierCategory, ratio: Double, features: [String], contributionsInPostOrder: [FeatureContribution],
        threshold: ThresholdInForce
    ) {
        self.init(label: label, ratio: ratio, features: features, contributions: [], threshold: threshold)
        inPostOrder = contributionsInPostOrder
    }

    public static func == (left: Classification, right: Classification) -> Bool {
        left.label == right.label && left.ratio == right.ratio && left.features == right.features
            && left.contributions == right.contributions && left.threshold == right.threshold
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

    /// log(favorite / normal): positive pulls toward favorite, negative toward normal.
    public var logRatio: Double { Foundation.log(favorite) - Foundation.log(normal) }
}
