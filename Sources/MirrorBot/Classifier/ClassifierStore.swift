/// Where the favorite classifier keeps what it learned: the counts (`TrainingCounts`) and
/// the calibration's windows of the like-share sample (`CalibrationWindow`). The arithmetic
/// is `CountingClassifier`'s; a store counts, and keeps `Calibration`'s rule in step with
/// each sample batch it learns. `RedisClassifierStore` (MirrorBotRedis) is the real one,
/// one round trip per call.
public protocol ClassifierStore: Sendable {
    /// The document counts, the like-share sample and the counts of `features` (those
    /// seen), in one round trip.
    func counts(for features: [String]) async throws -> TrainingCounts

    /// Learns `posts` in order, each atomically, in one round trip: each post's document
    /// and features counted in its category (one taken back from `normal` when it
    /// `takesBack`, never below zero). With `calibratingWith`, the posts are also a sample
    /// of what the human saw: each counts in the sample (a post that `movesInSample`
    /// moves there from `normal`), joins its label's window, and the threshold is taken
    /// anew over the windows against the counts the batch left, by `Calibration`'s rule
    /// scored with those weights; windows of another `Calibration.formula` start anew.
    func learn(_ posts: [LearnedPost], calibratingWith pooled: PooledBayes?) async throws

    /// The windows of the like-share sample (one round trip).
    func calibrationWindow() async throws -> CalibrationWindow

    /// Forgets everything learned.
    func clear() async throws
}

/// One post to learn: its features (distinct), its category, whether it takes one back
/// from `normal` in the counts, and whether the sample holds it already as `normal`
/// (`TrainingExample.seenAsNormal`).
public struct LearnedPost: Sendable, Equatable {
    public var features: [String]
    public var category: ClassifierCategory
    public var takesBack: Bool
    public var seenAsNormal: Bool

    public init(features: [String], category: ClassifierCategory, takesBack: Bool, seenAsNormal: Bool = false) {
        self.features = features
        self.category = category
        self.takesBack = takesBack
        self.seenAsNormal = seenAsNormal
    }

    /// Liked after it was learned from the timeline: it changes label in the sample and moves between the windows.
    public var movesInSample: Bool { category == .favorite && seenAsNormal }
}
