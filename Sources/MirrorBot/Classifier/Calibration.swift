/// The arithmetic of `FAVORITE_RATE_THRESHOLD=auto`: a threshold that lets
/// through the share of timeline posts the human likes.
///
/// Every post learned as a sample of what the human saw is scored first, with
/// the counts as they were before it was learned: its log likelihood ratio
/// (`PooledBayes`) is what the classifier would have said of it as a new post.
/// The last `recentLimit` of those scores are kept. A liked post that the sample
/// holds already (learned as `normal` from the home timeline, liked later) moves
/// from `normal` to `favorite` and is not scored twice. With s the human's like
/// share (`LikeShareSample.share`) and the n recent scores sorted from highest,
///
///     k             = floor(s * n + 0.5)
///     logThreshold  = the score at 0-based index k (-infinity when k = n)
///
/// so exactly the top k of the recent posts (fewer on ties) lie above it: a new
/// post, scored the same way, is liked about as often as the human likes. The
/// ratio and threshold printed are exp(prior + log LR) and exp(prior + logThreshold)
/// with the prior `LikeShareSample.priorLogOdds`; the prior shifts both alike.
///
/// The Redis store applies this rule atomically with each batch it learns
/// (`ClassifierScript.calibrate`); its tests hold the two equal.
public enum Calibration {
    /// Sample posts needed before calibrating; until then the seed's rule at 3.0.
    public static let minimumPosts = 200
    /// Recent scores kept.
    public static let recentLimit = 1_000
    /// The seed's threshold, in force until `minimumPosts`.
    public static let fallbackThreshold = NaiveBayes.defaultThreshold

    /// The score above which `share` of `recent` lie (see the type's documentation); nil when `recent` is empty.
    public static func logThreshold(recent: [Double], share: Double) -> Double? {
        guard !recent.isEmpty else { return nil }
        let sorted = recent.sorted(by: >)
        let k = Int((min(max(share, 0), 1) * Double(sorted.count) + 0.5).rounded(.down))
        return k < sorted.count ? sorted[k] : -.infinity
    }
}
