import Foundation

/// The likelihood `FAVORITE_RATE_THRESHOLD=auto` ranks posts by: the book's weighted
/// probability with the book's weight 1 and, as the assumed probability, the
/// feature's own frequency over every post learned instead of the seed's constant 0.1.
///
///     p(f)           = (totals(f) + 1) / (documents(favorite) + documents(normal) + 2)
///     weighted(f, c) = (weight * p(f) + totals(f) * fprob(f, c)) / (weight + totals(f))
///     log LR(post)   = sum over the post's features of log(weighted(f, favorite) / weighted(f, normal))
///
/// with fprob and totals as in `NaiveBayes`. A feature never seen has
/// weighted(f, c) = p(f) in both categories, so it pulls neither way (as in the
/// seed). The ratio of the two weighted probabilities is
/// (weight * p(f) / totals(f) + fprob(f, favorite)) / (weight * p(f) / totals(f) + fprob(f, normal)):
/// each category's frequency plus about weight / documents, a smoothing on the
/// scale of one post in all that were learned, whichever category is larger
/// (docs/CLASSIFIER.md has the arithmetic).
public struct PooledBayes: Sendable, Equatable {
    /// How many observations the assumed probability is worth (1, as in the book).
    public var weight: Double

    public init(weight: Double = 1) {
        self.weight = weight
    }

    /// The feature's frequency over every post learned, (totals(f) + 1) / (documents + 2).
    public func assumedProbability(_ feature: CategoryCounts, documents: CategoryCounts) -> Double {
        (Double(feature.total) + 1) / (Double(documents.total) + 2)
    }

    /// The feature probability in `category`, pulled toward the feature's overall frequency when it is rare.
    public func weightedProbability(_ feature: CategoryCounts, in category: ClassifierCategory, documents: CategoryCounts) -> Double {
        let totals = Double(feature.total)
        let documentCount = documents[category]
        let probability = documentCount > 0 ? Double(feature[category]) / Double(documentCount) : 0
        return (weight * assumedProbability(feature, documents: documents) + totals * probability) / (weight + totals)
    }

    /// Each feature's weighted probability in both categories, in the post's order.
    public func contributions(features: [String], counts: TrainingCounts) -> [FeatureContribution] {
        features.map { feature in
            let featureCounts = counts.counts(of: feature)
            return FeatureContribution(
                feature: feature,
                favorite: weightedProbability(featureCounts, in: .favorite, documents: counts.documents),
                normal: weightedProbability(featureCounts, in: .normal, documents: counts.documents)
            )
        }
    }

    /// log P(post | favorite) / P(post | normal); nil when there is no evidence
    /// (a category with no document yet, or a post with no features).
    public func logLikelihoodRatio(features: [String], counts: TrainingCounts) -> Double? {
        logLikelihoodRatio(contributions(features: features, counts: counts), documents: counts.documents)
    }

    func logLikelihoodRatio(_ contributions: [FeatureContribution], documents: CategoryCounts) -> Double? {
        guard documents.favorite > 0, documents.normal > 0, !contributions.isEmpty else { return nil }
        return contributions.reduce(0) { $0 + log($1.favorite) - log($1.normal) }
    }
}
