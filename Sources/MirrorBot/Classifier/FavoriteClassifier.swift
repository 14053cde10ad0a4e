/// The seam between the bot and its favorite classifier: the bot's loops and
/// commands see this protocol, never Redis or MeCab. `RedisClassifierStore` (MirrorBotRedis) is the
/// real implementation.
public protocol FavoriteClassifier: Sendable {
    /// Learns one post as `category`. Training `favorite` also takes one count
    /// back from `normal` for the same features (never below zero).
    func train(text: String, author: String?, as category: ClassifierCategory) async throws

    /// Learns many posts at once (each one atomic, as with `train(text:author:as:)`).
    func train(batch examples: [TrainingExample]) async throws

    /// Classifies one post.
    func classify(text: String, author: String?) async throws -> Classification

    /// Classifies many posts; the answers are in order and equal to one-by-one answers.
    func classify(batch posts: [ClassifierInput]) async throws -> [Classification]

    /// Forgets everything learnt.
    func clear() async throws
}

/// A post to classify.
public struct ClassifierInput: Sendable, Hashable {
    public var text: String
    public var author: String?

    public init(text: String, author: String?) {
        self.text = text
        self.author = author
    }
}

/// A post to learn, with its category.
public struct TrainingExample: Sendable, Hashable {
    public var text: String
    public var author: String?
    public var category: ClassifierCategory
    /// A liked post that was learned as `normal` from the human's home timeline
    /// before: `train(batch:)` takes its counts back from `normal`, and in the
    /// like-share sample it moves from `normal` to `favorite` instead of counting
    /// as one more post the human saw. A liked post never learned as `normal` (from
    /// a search, a profile, a thread, an archive) takes nothing back.
    public var seenAsNormal: Bool

    public init(text: String, author: String?, category: ClassifierCategory, seenAsNormal: Bool = false) {
        self.text = text
        self.author = author
        self.category = category
        self.seenAsNormal = seenAsNormal
    }
}
