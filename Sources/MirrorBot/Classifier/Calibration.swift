/// The arithmetic of `FAVORITE_RATE_THRESHOLD=auto`: a threshold that lets
/// through the share of timeline posts the human likes.
///
/// Every post learned as a sample of what the human saw is scored first, with
/// the counts as they were before it was learned: its log likelihood ratio
/// (`PooledBayes`) is what the classifier would have said of it as a new post.
/// The last `recentLimit` of those scores are kept. A liked post that the sample
/// holds already (learned as `normal` from the home timeline, liked later) moves
/// from `normal` to `favorite` and is not scored twice. With s the human's like share
/// (`LikeShareSample.share`) and the n recent scores sorted from highest,
///
///     k             = round(s * n)
///     logThreshold  = the score at 0-based index k (-infinity when k = n)
///
/// so exactly the top k of the recent posts (fewer on ties) lie above it: a new
/// post, scored the same way, is liked about as often as the human likes. The
/// ratio and threshold printed are exp(prior + log LR) and exp(prior + logThreshold)
/// with the prior `LikeShareSample.priorLogOdds`; the prior shifts both alike.
public enum Calibration {
    /// Sample posts needed before calibrating; until then the seed's rule at 3.0.
    public static let minimumPosts = 200
    /// Recent scores kept.
    public static let recentLimit = 1_000
    /// The seed's threshold, in force until `minimumPosts`.
    public static let fallbackThreshold = NaiveBayes.defaultThreshold

    /// One post of a sample.
    public struct SamplePost: Sendable, Equatable {
        public var category: ClassifierCategory
        /// Its log likelihood ratio before it was learned (-infinity when there was no
        /// evidence); nil for a liked post the sample holds already as `normal`.
        public var logRatio: Double?

        public init(category: ClassifierCategory, logRatio: Double?) {
            self.category = category
            self.logRatio = logRatio
        }

        /// A post the human saw, new to the sample, with its score.
        public static func new(_ category: ClassifierCategory, logRatio: Double) -> SamplePost {
            SamplePost(category: category, logRatio: logRatio)
        }

        /// A post of the sample, learned as `normal` before, now liked.
        public static let liked = SamplePost(category: .favorite, logRatio: nil)
    }

    /// The score above which `share` of `recent` lie (see the type's documentation); nil when `recent` is empty.
    public static func logThreshold(recent: [Double], share: Double) -> Double? {
        guard !recent.isEmpty else { return nil }
        let sorted = recent.sorted(by: >)
        let k = Int((min(max(share, 0), 1) * Double(sorted.count)).rounded())
        return k < sorted.count ? sorted[k] : -.infinity
    }

    /// The sample and recent scores after learning `posts`, in order, with the threshold taken anew.
    public static func learning(
        _ posts: [SamplePost], sample: LikeShareSample, recent: [Double]
    ) -> (sample: LikeShareSample, recent: [Double]) {
        var sample = sample
        for post in posts {
            sample.learn(post.category, movingFromNormal: post.logRatio == nil && post.category == .favorite)
        }
        let kept = Array((recent + posts.compactMap(\.logRatio)).suffix(recentLimit))
        sample.recent = kept.count
        sample.logThreshold = logThreshold(recent: kept, share: sample.share ?? 0)
        return (sample, kept)
    }
}
