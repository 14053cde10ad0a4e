import MirrorBot
/// The classifier's Redis keys, all under one prefix (`REDIS_KEY_PREFIX`,
/// default `mirror-bot:`) so that several bots can share one Redis:
///
/// | key                                   | type | field → value                      |
/// | ------------------------------------- | ---- | ---------------------------------- |
/// | `<prefix>classifier:documents`        | hash | `favorite`, `normal` → posts trained |
/// | `<prefix>classifier:features:favorite`| hash | feature → posts in `favorite` that had it |
/// | `<prefix>classifier:features:normal`  | hash | feature → posts in `normal` that had it |
/// | `<prefix>classifier:sample`           | hash | `favorite`, `normal` → posts learned as a sample of what the human saw; `scored` → how many of them were scored; `recent` → scores the threshold was taken over; `threshold` → the calibrated log threshold; `formula` → the `PooledBayes.formula` that made the recent scores (absent: 1) |
/// | `<prefix>classifier:recent`           | sorted set | member: the score's number (1, 2, … as `scored` counts) → score: the log likelihood ratio of a sample post, scored before it was learned; the last 1,000 |
///
/// Counts are decimal integers (HINCRBY). A feature whose count falls to zero
/// is deleted from its hash. Features are UTF-8 strings as `FeatureExtractor`
/// makes them (`寿司`, `swift`, `#swiftlang`, `@author:naoty_k`). Scores and the
/// threshold are decimal numbers in Swift's shortest round-trip form, `-inf`
/// for no evidence.
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

    /// The sorted set of the recent sample posts' scores.
    public var recent: String { prefix + "classifier:recent" }

    /// Every key the classifier writes.
    public var all: [String] { [documents] + ClassifierCategory.allCases.map(features) + [sample, recent] }
}
