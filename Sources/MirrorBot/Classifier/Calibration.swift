/// The arithmetic of `FAVORITE_RATE_THRESHOLD=auto`: a threshold that lets through
/// the share of timeline posts the human likes, whatever order the posts were learned in.
///
/// The store keeps the last `windowLimit` posts of each label of the sample (their
/// features: `CalibrationWindow`). Each time it learns a sample batch it scores every
/// post of both windows against the counts as they are now, less the post itself
/// (leave-one-out: `PooledBayes.heldOutLogLikelihoodRatio`), which is exactly what
/// the classifier would say of it as a new post. The counts do not depend on the
/// order the posts came in, so neither do the scores. With s the human's like share
/// (`LikeShareSample.share`), a recent liked post stands for s / (liked posts in the
/// window) of the posts the human sees and another post for (1 - s) / (others in the
/// window); the threshold is the score where the posts above it weigh s:
///
///     walk the scores of both windows from the highest, each with its weight;
///     the first score held back is the first where (weight above it) + (its own weight) / 2 > s;
///     logThreshold = -prior, where the posterior odds are 1, when that lies between it and
///                    the score before it (the lowest let through); else halfway between the
///                    two (itself when it is the highest; -infinity when none is held back)
///
/// so that s x (share of liked posts above) + (1 - s) x (share of others above) = s,
/// to within half a post: the bot likes as often as the human, and misses as many of
/// the human's likes as it likes posts they would not. Any threshold between the lowest
/// score let through and the highest held back lets the same share of the windows
/// through; where the scores leave a gap there (the categories are well apart), a new
/// post that falls in it is decided by its posterior odds, as naive Bayes decides, or
/// else by the side of the gap it is nearer, rather than by the gap's lower edge. The ratio and threshold printed
/// are exp(prior + log LR) and exp(prior + logThreshold) with the prior
/// `LikeShareSample.priorLogOdds`; the prior shifts both alike.
///
/// The Redis store applies this rule atomically with each batch it learns
/// (`ClassifierScript.calibrate`); its tests hold the two equal.
public enum Calibration {
    /// Posts in the windows needed before calibrating; until then the seed's rule at 3.0.
    public static let minimumPosts = 200
    /// Recent posts of each label kept.
    public static let windowLimit = 1_000
    /// The version of this calibration, stored beside the windows (`LikeShareSample.formula`):
    /// 1 and 2 kept the scores each post had when it was learned (by `PooledBayes` formulas
    /// 1 and 2); 3 keeps the posts and scores them anew; 4 also chooses the words' scale
    /// (`textScales`). The windows of 3 hold the same posts: 4 keeps them (`windowsSince`).
    public static let formula = 4
    /// The oldest formula whose windows this one scores as they are.
    public static let windowsSince = 3
    /// The scales of the words' part of the log likelihood ratio against the author's
    /// (`PooledBayes.Evidence`) that the calibration tries, in order of preference: 1 (naive
    /// Bayes as it is) first, then nearer ones before farther ones. Powers of two, so that
    /// Swift and the Lua script multiply alike to the last digit.
    public static let textScales: [Double] = [1, 0.5, 2, 0.25, 0.125]
    /// The seed's threshold, in force until `minimumPosts`.
    public static let fallbackThreshold = NaiveBayes.defaultThreshold

    /// The score where the windows' posts above it, weighed as the human sees them, are `share`
    /// (see the type's documentation); nil when a label the share needs has no score.
    public static func logThreshold(favorite: [Double], normal: [Double], share: Double, priorLogOdds: Double) -> Double? {
        let share = min(max(share, 0), 1)
        if (share > 0 && favorite.isEmpty) || (share < 1 && normal.isEmpty) { return nil }
        let favoriteWeight = favorite.isEmpty ? 0 : share / Double(favorite.count)
        let normalWeight = normal.isEmpty ? 0 : (1 - share) / Double(normal.count)
        let weighed = (favorite.map { ($0, favoriteWeight) } + normal.map { ($0, normalWeight) }).sorted { $0.0 > $1.0 }
        var above = 0.0
        var previous: Double?
        for (score, weight) in weighed {
            if above + weight / 2 > share {
                guard let previous else { return score }
                return -priorLogOdds >= score && -priorLogOdds < previous ? -priorLogOdds : previous / 2 + score / 2
            }
            above += weight
            previous = score
        }
        return -.infinity
    }

    /// What the calibration chose: the threshold on the log likelihood ratio at the words' scale.
    public struct Calibrated: Sendable, Equatable {
        public var logThreshold: Double
        public var textScale: Double

        public init(logThreshold: Double, textScale: Double = 1) {
            self.logThreshold = logThreshold
            self.textScale = textScale
        }
    }

    /// The words' scale, of `textScales`, whose threshold lets through the most liked posts of
    /// the windows (at the share, as many liked posts let through as posts the human saw: the
    /// precision and the recall over what the human sees), the first in `textScales`' order
    /// among equals; and its threshold. `nil` evidence (no document of a category, no feature)
    /// scores `-infinity`. nil when a label the share needs has no score.
    public static func calibrate(
        favorite: [PooledBayes.Evidence?], normal: [PooledBayes.Evidence?], share: Double, priorLogOdds: Double
    ) -> Calibrated? {
        func scores(_ posts: [PooledBayes.Evidence?], _ scale: Double) -> [Double] {
            posts.map { $0?.logRatio(textScale: scale) ?? -.infinity }
        }
        var best: (calibrated: Calibrated, liked: Int)?
        for scale in textScales {
            let liked = scores(favorite, scale)
            guard let logThreshold = logThreshold(favorite: liked, normal: scores(normal, scale), share: share, priorLogOdds: priorLogOdds) else {
                return nil
            }
            let through = liked.filter { $0 > logThreshold }.count
            if through > best?.liked ?? -1 {
                best = (Calibrated(logThreshold: logThreshold, textScale: scale), through)
            }
        }
        return best?.calibrated
    }

    /// Each window post's leave-one-out evidence against `counts` (nil without evidence).
    public static func heldOutEvidence(
        _ window: CalibrationWindow, counts: TrainingCounts, pooled: PooledBayes = PooledBayes()
    ) -> (favorite: [PooledBayes.Evidence?], normal: [PooledBayes.Evidence?]) {
        func evidence(_ posts: [[String]], _ category: ClassifierCategory) -> [PooledBayes.Evidence?] {
            posts.map { pooled.heldOutEvidence(features: $0, learnedAs: category, counts: counts) }
        }
        return (evidence(window.favorite, .favorite), evidence(window.normal, .normal))
    }

    /// The calibration of `window` against `counts` at the human's share and prior (`counts.sample`).
    public static func calibrate(_ window: CalibrationWindow, counts: TrainingCounts, pooled: PooledBayes = PooledBayes()) -> Calibrated? {
        guard let share = counts.sample.share else { return nil }
        let evidence = heldOutEvidence(window, counts: counts, pooled: pooled)
        return calibrate(favorite: evidence.favorite, normal: evidence.normal, share: share, priorLogOdds: counts.sample.priorLogOdds)
    }

    /// The threshold `calibrate` chooses for `window` (at its words' scale).
    public static func logThreshold(_ window: CalibrationWindow, counts: TrainingCounts, pooled: PooledBayes = PooledBayes()) -> Double? {
        calibrate(window, counts: counts, pooled: pooled)?.logThreshold
    }
}

/// The recent posts of the like-share sample, by label, as their features: what
/// `Calibration` scores anew each time. The last `Calibration.windowLimit` of each label.
public struct CalibrationWindow: Sendable, Equatable {
    public var favorite: [[String]]
    public var normal: [[String]]

    public init(favorite: [[String]] = [], normal: [[String]] = []) {
        self.favorite = favorite
        self.normal = normal
    }

    /// Posts in both windows.
    public var count: Int { favorite.count + normal.count }

    /// One more post of the sample. A liked post that the sample held as `normal`
    /// (`TrainingExample.seenAsNormal`) leaves the `normal` window (its latest copy).
    public mutating func learn(_ features: [String], as category: ClassifierCategory, seenAsNormal: Bool = false) {
        if category == .favorite && seenAsNormal, let index = normal.lastIndex(of: features) {
            normal.remove(at: index)
        }
        switch category {
        case .favorite: favorite.append(features)
        case .normal: normal.append(features)
        }
        favorite = Array(favorite.suffix(Calibration.windowLimit))
        normal = Array(normal.suffix(Calibration.windowLimit))
    }
}
