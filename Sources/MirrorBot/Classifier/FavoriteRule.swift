import Foundation

/// Decides one post from its features and the counts, per `FAVORITE_RATE_THRESHOLD`:
///
/// - a number: the seed's rule exactly (`NaiveBayes`, assumed probability 0.1,
///   weight 5, prior documents(favorite) / documents(normal), like when ratio > the number);
/// - `auto`, with at least `Calibration.minimumPosts` sample posts in the windows: the
///   calibrated rule, ratio = exp(prior + log LR) (`PooledBayes`, its words' part at the
///   calibrated `LikeShareSample.textScale`, prior
///   `LikeShareSample.priorLogOdds`) against exp(prior + the calibrated log threshold);
/// - `auto` before that, or while the recent scores are another `Calibration.formula`'s
///   (a store upgraded from an older version): the seed's rule at 3.0, saying so.
///
/// In every case the label is `favorite` exactly when `ratio > threshold.value`.
public struct FavoriteRule: Sendable, Equatable {
    public var threshold: FavoriteThreshold
    /// The seed's arithmetic, for a number and for the fallback.
    public var seed: NaiveBayes
    /// The calibrated likelihood.
    public var pooled: PooledBayes

    public init(threshold: FavoriteThreshold = .auto, seed: NaiveBayes = NaiveBayes(), pooled: PooledBayes = PooledBayes()) {
        self.threshold = threshold
        self.seed = seed
        self.pooled = pooled
    }

    /// `featureCounts`, when given, are `counts.counts(of:)` of each of `features`, looked up already.
    public func classify(features: [String], counts: TrainingCounts, featureCounts: [CategoryCounts]? = nil) -> Classification {
        let featureCounts = featureCounts ?? features.map { counts.counts(of: $0) }
        switch threshold {
        case .fixed(let value):
            return seed(at: value).classify(features: features, counts: counts, featureCounts: featureCounts)
        case .auto:
            let sample = counts.sample
            guard sample.formula == Calibration.formula || sample.recent == 0 else {
                return fallback(features: features, counts: counts, featureCounts: featureCounts, basis: .rescoring(needed: Calibration.minimumPosts))
            }
            guard sample.recent >= Calibration.minimumPosts, let logThreshold = sample.logThreshold, let share = sample.share else {
                return fallback(
                    features: features, counts: counts, featureCounts: featureCounts,
                    basis: .fallback(posts: sample.recent, needed: Calibration.minimumPosts))
            }
            let threshold = ThresholdInForce(
                value: Self.finiteExp(sample.priorLogOdds + logThreshold),
                basis: .calibrated(share: share, posts: sample.posts.total, recent: sample.recent))
            return calibrated(features: features, counts: counts, featureCounts: featureCounts, threshold: threshold)
        }
    }

    /// The seed's rule at 3.0, saying why.
    private func fallback(features: [String], counts: TrainingCounts, featureCounts: [CategoryCounts], basis: ThresholdInForce.Basis) -> Classification {
        var verdict = seed(at: Calibration.fallbackThreshold).classify(features: features, counts: counts, featureCounts: featureCounts)
        verdict.threshold = ThresholdInForce(value: Calibration.fallbackThreshold, basis: basis)
        return verdict
    }

    private func seed(at value: Double) -> NaiveBayes {
        var model = seed
        model.threshold = value
        return model
    }

    private func calibrated(
        features: [String], counts: TrainingCounts, featureCounts: [CategoryCounts], threshold: ThresholdInForce
    ) -> Classification {
        let contributions = pooled.contributions(features: features, counts: counts, featureCounts: featureCounts)
        guard let logRatio = pooled.logLikelihoodRatio(contributions, documents: counts.documents, textScale: counts.sample.textScale) else {
            return Classification(label: .normal, ratio: 0, features: features, contributionsInPostOrder: contributions, threshold: threshold)
        }
        let ratio = Self.finiteExp(counts.sample.priorLogOdds + logRatio)
        return Classification(
            label: ratio > threshold.value ? .favorite : .normal, ratio: ratio, features: features,
            contributionsInPostOrder: contributions, threshold: threshold)
    }

    /// exp, capped at e^700 so that it stays a finite JSON number (as the seed's ratio).
    static func finiteExp(_ logValue: Double) -> Double {
        exp(min(logValue, 700))
    }
}
