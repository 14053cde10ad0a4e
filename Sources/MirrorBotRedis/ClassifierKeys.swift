import MirrorBot
import PostFeatures
/// The classifier's Redis keys, all under one prefix (`REDIS_KEY_PREFIX`,
/// default `mirror-bot:`) so that several bots can share one Redis:
///
/// | key                                   | type | field → value                      |
/// | ------------------------------------- | ---- | ---------------------------------- |
/// | `<prefix>classifier:documents`        | hash | `favorite`, `normal` → posts trained |
/// | `<prefix>classifier:features:favorite`| hash | feature → posts in `favorite` that had it |
/// | `<prefix>classifier:features:normal`  | hash | feature → posts in `normal` that had it |
/// | `<prefix>classifier:sample`           | hash | `favorite`, `normal` → posts learned as a sample of what the human saw; `recent` → posts of both windows the threshold was taken over; `threshold` → the calibrated log threshold; `scale` → the words' scale it was taken at (absent: 1); `formula` → the `Calibration.formula` of the windows (absent: 1) |
/// | `<prefix>classifier:window:favorite`  | list | the last 1,000 liked posts of the sample, oldest first: each its features joined by a line feed |
/// | `<prefix>classifier:window:normal`    | list | the same for the other posts of the sample |
/// | `<prefix>classifier:kept`             | string | `1` while the counts are all that PostgreSQL's record of learning (`ClassifierJournal`) makes; set by a rebuild, the first start and `train clear`, never by learning, so that a Redis emptied under the bot is noticed |
/// | `<prefix>classifier:recent`           | sorted set | an older version's recent scores (`Calibration.formula` 1 and 2); deleted by the first sample batch learned |
///
/// Counts are decimal integers (HINCRBY). A feature whose count falls to zero
/// is deleted from its hash. Features are UTF-8 strings as `FeatureExtractor`
/// makes them (`寿司`, `swift`, `#swiftlang`, `@author:naoty_k`); none holds a line
/// feed (MeCab and the hashtag and author rules split on white space). The threshold
/// is a decimal number that reads back exactly (`%.17g`), `-inf` to like every post
/// with evidence.
public struct ClassifierKeys: Sendable, Equatable {
    public static let defaultPrefix = "mirror-bot:"

    public let prefix: String

    public init(prefix: String = ClassifierKeys.defaultPrefix) {
        self.prefix = prefix
    }

    /// The hash of document counts per category.
    public var documents: String { prefix + "classifier:documents" }

    /// The hash of feature counts for `category`.
    public func features(_ category: ClassifierCategory) -> String {
        prefix + "classifier:features:" + category.rawValue
    }

    /// The hash of the like-share sample: its counts per category, and the calibrated threshold.
    public var sample: String { prefix + "classifier:sample" }

    /// The list of the recent sample posts of `category`, as their features.
    public func window(_ category: ClassifierCategory) -> String {
        prefix + "classifier:window:" + category.rawValue
    }

    /// The marker of counts that are whole (see the table): its absence is a loss.
    public var kept: String { prefix + "classifier:kept" }

    /// An older version's sorted set of recent scores (`Calibration.formula` 1 and 2).
    public var recent: String { prefix + "classifier:recent" }

    /// Every key the classifier writes (and the older version's).
    public var all: [String] { [documents] + ClassifierCategory.allCases.map(features) + [sample] + ClassifierCategory.allCases.map(window) + [recent] }
}
