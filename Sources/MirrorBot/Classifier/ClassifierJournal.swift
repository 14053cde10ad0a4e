/// Where what the classifier learned is kept so that its counts can be rebuilt
/// (`PostgresClassifierJournal`, migration 023): every post it counted, in order, and,
/// for a bot that learned before the journal existed, a baseline of the counts it had then.
public protocol ClassifierJournal: Sendable {
    /// Records `posts` as learned next, in order; returns their ids (for `forget`).
    func record(_ posts: [JournaledPost], source: TrainingSource) async throws -> [Int64]
    /// Takes back the records of a learning that failed.
    func forget(_ ids: [Int64]) async throws
    /// The posts recorded, in the order they were learned: all, or those up to the record `through`.
    func examples(through id: Int64?) async throws -> [JournaledPost]
    /// The record of the last post the threshold was taken after (a sample batch's end), if any.
    func lastCalibrated() async throws -> Int64?
    /// Replaces the baseline with `dump` (the counts after the records up to `through`) and
    /// forgets those records, at once.
    func fold(_ dump: String, through id: Int64) async throws
    /// How many posts are recorded.
    func count() async throws -> Int
    /// The counts a bot had before the journal existed (an opaque dump), if saved.
    func baseline() async throws -> String?
    func saveBaseline(_ dump: String) async throws
    /// Forgets every record and the baseline (`train clear`).
    func clear() async throws
    /// Runs `body` holding the rebuild lock of `name` (one holder among every process); nil
    /// without running it when another holds it.
    func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T?
}

/// One post as the classifier counted it, and how it counted in the like-share sample.
public struct JournaledPost: Sendable, Equatable {
    public var post: LearnedPost
    /// Counted in the like-share sample (a sample batch).
    public var inSample: Bool
    /// The last post of a sample batch: the threshold was taken anew after it.
    public var calibrated: Bool

    public init(post: LearnedPost, inSample: Bool, calibrated: Bool) {
        self.post = post
        self.inSample = inSample
        self.calibrated = calibrated
    }

    /// The posts of one `ClassifierStore.learn` call, as the journal keeps them.
    public static func batch(_ posts: [LearnedPost], sample: Bool) -> [JournaledPost] {
        posts.indices.map { JournaledPost(post: posts[$0], inSample: sample, calibrated: sample && $0 == posts.count - 1) }
    }
}

/// Where a learned post came from.
public enum TrainingSource: String, Sendable, CaseIterable {
    /// `train classifier` from the network's API.
    case api
    /// `import`: a data archive's likes.
    case archive
    /// `train classifier --jsonl`.
    case jsonl
    /// The daemon's learning loop.
    case learning
}
