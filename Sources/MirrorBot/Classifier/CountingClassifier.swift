import PostFeatures

/// The favorite classifier: features from `FeatureExtractor`, counts in a `ClassifierStore`,
/// the decision by `FavoriteRule` (`NaiveBayes` for a number, `PooledBayes` and
/// `Calibration` for `auto`). The same type over Redis in production and over memory in
/// the core's tests, so both run the shipped rule.
///
/// Round trips: classifying one post or a whole batch is one `counts(for:)`; training
/// with `learning: .countsOnly` is one `learn`; training a sample (`.sample`, and
/// `train(labeled:)`) is one `learn` per `scoringBatch` posts, each taking the threshold anew.
public struct CountingClassifier<Store: ClassifierStore>: FavoriteClassifier {
    public let store: Store
    public let extractor: FeatureExtractor
    public let rule: FavoriteRule
    /// Whether `train` learns a sample of what the human saw (the daemon) or counts only.
    public let learning: ClassifierLearning

    /// Posts learned in one round trip when they are a sample, with one calibration after them.
    public static var scoringBatch: Int { 500 }

    public init(store: Store, extractor: FeatureExtractor, rule: FavoriteRule = FavoriteRule(), learning: ClassifierLearning = .sample) {
        self.store = store
        self.extractor = extractor
        self.rule = rule
        self.learning = learning
    }

    // MARK: - Training

    public func train(text: String, author: String?, as category: ClassifierCategory) async throws {
        try await train(features: extractor.features(text: text, author: author), as: category)
    }

    public func train(batch examples: [TrainingExample]) async throws {
        try await learn(examples.map {
            LearnedPost(
                features: extractor.features(text: $0.text, author: $0.author), category: $0.category,
                takesBack: $0.category == .favorite && $0.seenAsNormal, seenAsNormal: $0.seenAsNormal)
        }, sample: learning == .sample)
    }

    /// Trains already extracted features (distinct) as one post.
    public func train(features: [String], as category: ClassifierCategory) async throws {
        try await learn([LearnedPost(features: features, category: category, takesBack: category == .favorite)], sample: learning == .sample)
    }

    /// Training from labeled data (`train classifier --jsonl`), where each post carries
    /// exactly one label. Unlike `train(batch:)`, a `favorite` here takes nothing back
    /// from `normal`: the take-back exists because a liked post was already learnt as
    /// `normal` when it appeared on the home timeline, while a labeled file lists each
    /// post once (and so the counts do not depend on the order of the lines). A labeled
    /// file is a sample of what the human saw, each post labelled by whether they liked
    /// it, so it is always learnt as a sample (whatever `learning` says): its favorite
    /// share is the human's like share.
    public func train(labeled examples: [TrainingExample]) async throws {
        try await learn(examples.map {
            LearnedPost(features: extractor.features(text: $0.text, author: $0.author), category: $0.category, takesBack: false)
        }, sample: true)
    }

    /// Learns `posts` in order: counts only in one round trip, a sample in one per `scoringBatch`.
    func learn(_ posts: [LearnedPost], sample: Bool) async throws {
        guard !posts.isEmpty else { return }
        guard sample else {
            try await store.learn(posts, calibratingWith: nil)
            return
        }
        for start in stride(from: 0, to: posts.count, by: Self.scoringBatch) {
            try await store.learn(Array(posts[start..<min(start + Self.scoringBatch, posts.count)]), calibratingWith: rule.pooled)
        }
    }

    // MARK: - Classifying

    public func classify(text: String, author: String?) async throws -> Classification {
        let features = extractor.features(text: text, author: author)
        return rule.classify(features: features, counts: try await store.counts(for: features))
    }

    public func classify(batch posts: [ClassifierInput]) async throws -> [Classification] {
        guard !posts.isEmpty else { return [] }
        let perPost = posts.map { extractor.features(text: $0.text, author: $0.author) }
        let union = FeatureExtractor.union(perPost)
        let counts = try await store.counts(for: union.features)
        // Each distinct feature's counts looked up once; a post's by their positions.
        let unionCounts = union.features.map { counts.counts(of: $0) }
        return zip(perPost, union.positions).map { features, positions in
            rule.classify(features: features, counts: counts, featureCounts: positions.map { unionCounts[$0] })
        }
    }

    /// The document counts, the like-share sample and the counts of `features` (one round trip).
    public func counts(for features: [String]) async throws -> TrainingCounts {
        try await store.counts(for: features)
    }

    /// The number of posts learnt in each category (one round trip).
    public func documentCounts() async throws -> CategoryCounts {
        try await store.counts(for: []).documents
    }

    /// The like-share sample (one round trip).
    public func likeShareSample() async throws -> LikeShareSample {
        try await store.counts(for: []).sample
    }

    public func clear() async throws {
        try await store.clear()
    }
}
