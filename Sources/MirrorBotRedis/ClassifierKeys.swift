import MirrorBot
/// The classifier's Redis keys, all under one prefix (`REDIS_KEY_PREFIX`,
/// default `mirror-bot:`) so that several bots can share one Redis:
///
/// | key                                   | type | field → value                      |
/// | ------------------------------------- | ---- | ---------------------------------- |
/// | `<prefix>classifier:documents`        | hash | `favorite`, `normal` → posts trained |
/// | `<prefix>classifier:features:favorite`| hash | feature → posts in `favorite` that had it |
/// | `<prefix>classifier:features:normal`  | hash | feature → posts in `normal` that had it |
///
/// Counts are decimal integers (HINCRBY). A feature whose count falls to zero
/// is deleted from its hash. Features are UTF-8 strings as `FeatureExtractor`
/// makes them (`寿司`, `swift`, `#swiftlang`, `@author:naoty_k`).
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

    /// Every key the classifier writes.
    public var all: [String] { [documents] + ClassifierCategory.allCases.map(features) }
}
