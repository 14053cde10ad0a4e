import Foundation
import PostFeatures

/// The likelihood `FAVORITE_RATE_THRESHOLD=auto` ranks posts by: the book's weighted
/// probability with, as the assumed probability, the feature's own frequency over
/// every post learned instead of the seed's constant 0.1, worth 1 post for the
/// author and 10 posts for a word of the text (a noun or a hashtag).
///
///     p(f)           = (totals(f) + 1) / (documents(favorite) + documents(normal) + 2)
///     weight(f)      = 1 for `@author:…`, 10 for a word
///     weighted(f, c) = (weight(f) * p(f) + totals(f) * fprob(f, c)) / (weight(f) + totals(f))
///     log LR(post)   = sum over the post's features of log(weighted(f, favorite) / weighted(f, normal))
///
/// with fprob and totals as in `NaiveBayes`. A feature never seen has
/// weighted(f, c) = p(f) in both categories, so it pulls neither way (as in the
/// seed). The ratio of the two weighted probabilities is
/// (weight(f) * p(f) / totals(f) + fprob(f, favorite)) / (weight(f) * p(f) / totals(f) + fprob(f, normal)):
/// each category's frequency plus about weight(f) / documents. A post has one
/// author and tens of words that are not independent, so a word seen a few times
/// is pulled harder toward its overall rate than the author is
/// (docs/CLASSIFIER.md has the arithmetic and the measurements behind the weights).
public struct PooledBayes: Sendable, Equatable {
    /// How many observations the assumed probability is worth for the author (1, as in the book).
    public var weight: Double
    /// How many observations the assumed probability is worth for a word of the text.
    public var textWeight: Double

    /// The version of this arithmetic, stored beside the recent scores (`LikeShareSample.formula`):
    /// scores made by another version are not comparable with this one's. 1 was weight 1 for every feature.
    public static let formula = 2

    public init(weight: Double = 1, textWeight: Double = 10) {
        self.weight = weight
        self.textWeight = textWeight
    }

    /// The assumed probability's weight for `feature`: `weight` for the author, `textWeight` for a word.
    public func weight(of feature: String) -> Double {
        Self.isAuthor(feature) ? weight : textWeight
    }

    /// The feature's frequency over every post learned, (totals(f) + 1) / (documents + 2).
    public func assumedProbability(_ feature: CategoryCounts, documents: CategoryCounts) -> Double {
        (Double(feature.total) + 1) / (Double(documents.total) + 2)
    }

    /// The feature probability in `category`, pulled toward the feature's overall frequency when it is rare,
    /// the assumed probability worth `weight` observations.
    public func weightedProbability(
        _ feature: CategoryCounts, in category: ClassifierCategory, documents: CategoryCounts, weight: Double
    ) -> Double {
        let totals = Double(feature.total)
        let documentCount = documents[category]
        let probability = documentCount > 0 ? Double(feature[category]) / Double(documentCount) : 0
        return (weight * assumedProbability(feature, documents: documents) + totals * probability) / (weight + totals)
    }

    /// Each feature's weighted probability in both categories, in the post's order.
    /// `featureCounts`, when given, are `counts.counts(of:)` of each of `features`, looked up already.
    public func contributions(features: [String], counts: TrainingCounts, featureCounts: [CategoryCounts]? = nil) -> [FeatureContribution] {
        zip(features, featureCounts ?? features.map { counts.counts(of: $0) }).map { feature, featureCounts in
            let weight = weight(of: feature)
            return FeatureContribution(
                feature: feature,
                favorite: weightedProbability(featureCounts, in: .favorite, documents: counts.documents, weight: weight),
                normal: weightedProbability(featureCounts, in: .normal, documents: counts.documents, weight: weight)
            )
        }
    }

    /// log P(post | favorite) / P(post | normal); nil when there is no evidence
    /// (a category with no document yet, or a post with no features).
    public func logLikelihoodRatio(features: [String], counts: TrainingCounts) -> Double? {
        logLikelihoodRatio(contributions(features: features, counts: counts), documents: counts.documents)
    }

    /// The log likelihood ratio of a post that was learned as `category`, against `counts`
    /// less that post (its document and each of its features, never below zero): what the
    /// classifier would say of it as a new post, at `textScale` 1. nil without evidence, as
    /// `logLikelihoodRatio`.
    public func heldOutLogLikelihoodRatio(features: [String], learnedAs category: ClassifierCategory, counts: TrainingCounts) -> Double? {
        heldOutEvidence(features: features, learnedAs: category, counts: counts)?.logRatio(textScale: 1)
    }

    /// The held-out log likelihood ratio in its two parts, the author's and the words'
    /// (`Calibration` scores its windows so, at each of `Calibration.textScales`).
    public func heldOutEvidence(features: [String], learnedAs category: ClassifierCategory, counts: TrainingCounts) -> Evidence? {
        var documents = counts.documents
        documents[category] = max(0, documents[category] - 1)
        guard documents.favorite > 0, documents.normal > 0, !features.isEmpty else { return nil }
        var evidence = Evidence()
        for feature in features {
            var featureCounts = counts.counts(of: feature)
            featureCounts[category] = max(0, featureCounts[category] - 1)
            let weight = weight(of: feature)
            evidence.add(
                log(weightedProbability(featureCounts, in: .favorite, documents: documents, weight: weight)),
                log(weightedProbability(featureCounts, in: .normal, documents: documents, weight: weight)),
                author: Self.isAuthor(feature))
        }
        return evidence
    }

    /// The log likelihood ratio at the words' scale in force (`LikeShareSample.textScale`):
    /// the author's part plus `textScale` times the words' part.
    public func logLikelihoodRatio(features: [String], counts: TrainingCounts, textScale: Double) -> Double? {
        logLikelihoodRatio(contributions(features: features, counts: counts), documents: counts.documents, textScale: textScale)
    }

    func logLikelihoodRatio(_ contributions: [FeatureContribution], documents: CategoryCounts, textScale: Double = 1) -> Double? {
        guard documents.favorite > 0, documents.normal > 0, !contributions.isEmpty else { return nil }
        var evidence = Evidence()
        for contribution in contributions {
            evidence.add(log(contribution.favorite), log(contribution.normal), author: Self.isAuthor(contribution.feature))
        }
        return evidence.logRatio(textScale: textScale)
    }

    /// `feature.hasPrefix("@author:")`, on bytes (`FeatureExtractor.isAuthorFeature`; issue 30:
    /// String's prefix test compares characters under canonical equivalence, a tenth of classifying).
    static func isAuthor(_ feature: String) -> Bool {
        FeatureExtractor.isAuthorFeature(feature)
    }

    /// A post's log likelihood ratio in two parts: its author's feature, and its words
    /// (nouns and hashtags). The words are not independent evidence (a topic's vocabulary
    /// comes together), and how far they overcount differs from one timeline to another,
    /// so `Calibration` chooses how much they weigh against the author (`textScale`) on
    /// the held-out scores of the windows.
    public struct Evidence: Sendable, Equatable {
        /// Σ log(weighted(f, favorite) / weighted(f, normal)) over the author's feature (0 without one).
        public var author: Double
        /// The same over the words.
        public var words: Double

        public init(author: Double = 0, words: Double = 0) {
            self.author = author
            self.words = words
        }

        /// author + textScale × words.
        public func logRatio(textScale: Double) -> Double {
            author + textScale * words
        }

        /// One feature's logs, summed as the Lua script sums them (`ClassifierScript.calibrate`).
        mutating func add(_ favorite: Double, _ normal: Double, author isAuthor: Bool) {
            if isAuthor {
                author = author + favorite - normal
            } else {
                words = words + favorite - normal
            }
        }
    }
}
