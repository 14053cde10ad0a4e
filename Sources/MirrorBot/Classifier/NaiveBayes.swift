import Foundation

/// The naive-Bayes arithmetic of "Programming Collective Intelligence", ch. 6, as the
/// seed computed it: the rule of `FAVORITE_RATE_THRESHOLD=<number>`, and of `auto`
/// until it can calibrate (`FavoriteRule`). No I/O.
///
/// For a feature f and a category c, with counts from `TrainingCounts`:
///
///     fprob(f, c)    = count(f, c) / documents(c)            (0 when documents(c) is 0)
///     totals(f)      = count(f, favorite) + count(f, normal)
///     weighted(f, c) = (weight * assumed + totals(f) * fprob(f, c)) / (weight + totals(f))
///     docprob(c)     = product of weighted(f, c) over the post's features
///     P(c | post)   ∝ docprob(c) * documents(c) / (documents(favorite) + documents(normal))
///     ratio          = P(favorite | post) / P(normal | post)
///
/// computed as a sum of logarithms, so long posts do not underflow. A post is
/// a favorite when `ratio > threshold`. Until both categories have at least one
/// document, or for a post with no features, there is no evidence: the ratio is
/// 0 and the post is `normal` (nothing is liked by accident).
public struct NaiveBayes: Sendable, Equatable {
    /// The probability assumed for a feature never seen (0.1 in the book).
    public var assumedProbability: Double
    /// How many documents the assumed probability is worth (5 here, 1 in the book).
    public var weight: Double
    /// `FAVORITE_RATE_THRESHOLD`: like when the ratio exceeds this.
    public var threshold: Double

    public static let defaultThreshold = 3.0

    public init(assumedProbability: Double = 0.1, weight: Double = 5, threshold: Double = NaiveBayes.defaultThreshold) {
        self.assumedProbability = assumedProbability
        self.weight = weight
        self.threshold = threshold
    }

    /// count(f, c) / documents(c).
    public func featureProbability(_ feature: CategoryCounts, in category: ClassifierCategory, documents: CategoryCounts) -> Double {
        let documentCount = documents[category]
        guard documentCount > 0 else { return 0 }
        return Double(feature[category]) / Double(documentCount)
    }

    /// The feature probability pulled toward `assumedProbability` when the feature is rare.
    public func weightedProbability(_ feature: CategoryCounts, in category: ClassifierCategory, documents: CategoryCounts) -> Double {
        let totals = Double(feature.total)
        let probability = featureProbability(feature, in: category, documents: documents)
        return (weight * assumedProbability + totals * probability) / (weight + totals)
    }

    /// Classifies a post given by its features.
    /// `featureCounts`, when given, are `counts.counts(of:)` of each of `features`, looked up already.
    public func classify(features: [String], counts: TrainingCounts, featureCounts: [CategoryCounts]? = nil) -> Classification {
        let documents = counts.documents
        let contributions = zip(features, featureCounts ?? features.map { counts.counts(of: $0) }).map { feature, featureCounts in
            FeatureContribution(
                feature: feature,
                favorite: weightedProbability(featureCounts, in: .favorite, documents: documents),
                normal: weightedProbability(featureCounts, in: .normal, documents: documents)
            )
        }
        guard documents.favorite > 0, documents.normal > 0, !features.isEmpty else {
            return Classification(
                label: .normal, ratio: 0, features: features, contributionsInPostOrder: contributions, threshold: .fixed(threshold))
        }
        let logPrior = log(Double(documents.favorite)) - log(Double(documents.normal))
        let logRatio = contributions.reduce(logPrior) { $0 + log($1.favorite) - log($1.normal) }
        // exp overflows to infinity past ~709; keep the ratio a finite number (it is printed as JSON).
        let ratio = exp(min(logRatio, 700))
        return Classification(
            label: ratio > threshold ? .favorite : .normal, ratio: ratio, features: features,
            contributionsInPostOrder: contributions, threshold: .fixed(threshold))
    }

    /// Contributions strongest toward favorite first; equal pulls keep the post's order.
    static func strongestFirst(_ contributions: [FeatureContribution]) -> [FeatureContribution] {
        // Each logRatio computed once (issue 30: the comparator took four logarithms a comparison).
        let ratios = contributions.map(\.logRatio)
        return contributions.indices
            .sorted { ratios[$0] != ratios[$1] ? ratios[$0] > ratios[$1] : $0 < $1 }
            .map { contributions[$0] }
    }
}
