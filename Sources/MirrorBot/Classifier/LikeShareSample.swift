import Foundation

/// What the bot has learned of the human's like share: the posts learned as a
/// sample of what the human saw (the daemon's learning of their home timeline
/// and likes, a `train classifier --jsonl` file), by label, and the threshold
/// calibrated on the most recent of each label (`Calibration`).
public struct LikeShareSample: Sendable, Equatable {
    /// Sample posts by label: `favorite` the human liked, `normal` they did not.
    public var posts: CategoryCounts
    /// How many recent posts (both labels' windows) `logThreshold` was taken over.
    public var recent: Int
    /// The calibrated threshold on the log likelihood ratio (`PooledBayes`); nil before any sample.
    public var logThreshold: Double?
    /// The `Calibration.formula` of the recent posts or scores (1 for a store that
    /// calibrated before the version was stored). Another version's do not calibrate
    /// this one's ratio: until the store scores anew, `auto` falls back.
    public var formula: Int
    /// The scale of the words' part of the log likelihood ratio that `logThreshold` was
    /// chosen at (`Calibration.textScales`; 1 for a store that calibrated before it was stored).
    public var textScale: Double

    public init(
        posts: CategoryCounts = CategoryCounts(), recent: Int = 0, logThreshold: Double? = nil, formula: Int = Calibration.formula,
        textScale: Double = 1
    ) {
        self.posts = posts
        self.recent = recent
        self.logThreshold = logThreshold
        self.formula = formula
        self.textScale = textScale
    }

    /// favorite / (favorite + normal): the share of the posts the human saw that they liked.
    public var share: Double? {
        posts.total > 0 ? Double(posts.favorite) / Double(posts.total) : nil
    }

    /// The prior of the calibrated ratio, log((favorite + 0.5) / (normal + 0.5)): the
    /// human's like odds, half a post added to each side so that none and all stay finite.
    public var priorLogOdds: Double {
        log(Double(posts.favorite) + 0.5) - log(Double(posts.normal) + 0.5)
    }

}
