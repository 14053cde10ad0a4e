import MirrorBot
import Redis

/// The favorite classifier: features from `FeatureExtractor`, counts in Redis,
/// arithmetic in `FavoriteRule` (`NaiveBayes` for a number, `PooledBayes` and
/// `Calibration` for `auto`).
///
/// Redis keys are described in `ClassifierKeys` (and docs/CLASSIFIER.md).
/// Round trips: classifying one post or a whole batch is one pipeline of four
/// HMGETs (document counts, the like-share sample, feature counts of both
/// categories). Training with `learning: .countsOnly` is one pipeline of EVALs
/// (one EVAL, atomic, per post); training a sample (`.sample`, and
/// `train(labeled:)`) is one round trip per 500 posts: the EVALs and one EVAL
/// that adds the posts to the windows and takes the threshold anew
/// (`ClassifierScript.calibrate`).
///
///     let classifier = try await RedisClassifierStore.connect(
///         redisURL: "redis://:secret@localhost:6379/0", keyPrefix: "mirror-bot:",
///         tokenizer: MeCabFeatureTokenizer(dictionaryPath: nil), threshold: .auto)
///     try await classifier.train(text: "寿司が好き", author: "alice", as: .favorite)
///     let verdict = try await classifier.classify(text: "寿司食べたい", author: "alice")
public struct RedisClassifierStore: FavoriteClassifier {
    public let redis: RedisConnection
    public let keys: ClassifierKeys
    public let extractor: FeatureExtractor
    public let rule: FavoriteRule
    /// Whether `train` learns a sample of what the human saw (the daemon) or counts only.
    public let learning: ClassifierLearning

    /// Posts sent in one pipeline; for a sample, with one calibration after them.
    public static let scoringBatch = 500

    public init(
        redis: RedisConnection, keys: ClassifierKeys = ClassifierKeys(), extractor: FeatureExtractor,
        rule: FavoriteRule = FavoriteRule(), learning: ClassifierLearning = .sample
    ) {
        self.redis = redis
        self.keys = keys
        self.extractor = extractor
        self.rule = rule
        self.learning = learning
    }

    /// Connects to Redis; features come from `tokenizer` (MeCab in production).
    public static func connect(
        redisURL: String, keyPrefix: String = ClassifierKeys.defaultPrefix, tokenizer: any Tokenizer,
        threshold: FavoriteThreshold = .auto, learning: ClassifierLearning = .sample
    ) async throws -> RedisClassifierStore {
        let redis = try await RedisConnection(url: redisURL)
        return RedisClassifierStore(
            redis: redis, keys: ClassifierKeys(prefix: keyPrefix),
            extractor: FeatureExtractor(tokenizer: tokenizer), rule: FavoriteRule(threshold: threshold), learning: learning
        )
    }

    // MARK: - Training

    public func train(text: String, author: String?, as category: ClassifierCategory) async throws {
        try await train(features: extractor.features(text: text, author: author), as: category)
    }

    public func train(batch examples: [TrainingExample]) async throws {
        try await learn(examples.map {
            LearnedPost(
                features: extractor.features(text: $0.text, author: $0.author), category: $0.category,
                takesBack: $0.category == .favorite, seenAsNormal: $0.seenAsNormal)
        }, sample: learning == .sample)
    }

    /// Trains already extracted features (distinct) as one post.
    public func train(features: [String], as category: ClassifierCategory) async throws {
        try await learn([LearnedPost(features: features, category: category, takesBack: category == .favorite)], sample: learning == .sample)
    }

    /// One post to learn: its features, its category, whether it takes one back from `normal`
    /// in the counts, and whether the sample holds it already as `normal` (`TrainingExample.seenAsNormal`).
    struct LearnedPost {
        var features: [String]
        var category: ClassifierCategory
        var takesBack: Bool
        var seenAsNormal = false

        /// Liked after it was learned from the timeline: it changes label in the sample and moves between the windows.
        var movesInSample: Bool { category == .favorite && seenAsNormal }
    }

    /// Learns `posts` in order, in one pipeline per `scoringBatch` posts: the training
    /// EVALs and, for a sample, one EVAL that adds the posts to the windows and takes the
    /// threshold anew against the counts the batch left (`ClassifierScript.calibrate`).
    func learn(_ posts: [LearnedPost], sample: Bool) async throws {
        guard sample else {
            try await send(posts.map { command($0, sample: false) })
            return
        }
        var start = 0
        while start < posts.count {
            let chunk = posts[start..<min(start + Self.scoringBatch, posts.count)]
            let entries = chunk.map { ClassifierScript.WindowEntry(features: $0.features, category: $0.category, seenAsNormal: $0.seenAsNormal) }
            try await send(chunk.map { command($0, sample: true) } + [ClassifierScript.calibrateCommand(posts: entries, keys: keys, pooled: rule.pooled)])
            start += Self.scoringBatch
        }
    }

    /// The windows of the like-share sample (one round trip), for tests and tools.
    public func calibrationWindow() async throws -> CalibrationWindow {
        let replies = try await redis.pipeline(ClassifierCategory.allCases.map { ["LRANGE", keys.window($0), "0", "-1"] })
        let lists = try replies.map { reply in
            try reply.throwingOnError()
            guard let items = reply.array else { throw ClassifierError.unexpectedReply("a window that is not a list") }
            return try items.map { item in
                guard let text = item.string else { throw ClassifierError.unexpectedReply("a window post that is not text") }
                return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            }
        }
        return CalibrationWindow(favorite: lists[0], normal: lists[1])
    }

    private func command(_ post: LearnedPost, sample: Bool) -> [String] {
        ClassifierScript.command(
            features: post.features, as: post.category, keys: keys, takeBackFromNormal: post.takesBack,
            sample: sample ? (post.movesInSample ? .liked : .new) : .none)
    }

    private func send(_ commands: [[String]]) async throws {
        guard !commands.isEmpty else { return }
        for reply in try await redis.pipeline(commands) {
            try reply.throwingOnError()
        }
    }

    // MARK: - Classifying

    public func classify(text: String, author: String?) async throws -> Classification {
        let features = extractor.features(text: text, author: author)
        return rule.classify(features: features, counts: try await counts(for: features))
    }

    public func classify(batch posts: [ClassifierInput]) async throws -> [Classification] {
        let perPost = posts.map { extractor.features(text: $0.text, author: $0.author) }
        let counts = try await counts(for: Self.union(perPost))
        return perPost.map { rule.classify(features: $0, counts: counts) }
    }

    /// The document counts, the like-share sample and the counts of `features`, in one round trip.
    public func counts(for features: [String]) async throws -> TrainingCounts {
        var commands: [[String]] = [
            ["HMGET", keys.documents] + ClassifierCategory.allCases.map(\.rawValue),
            ["HMGET", keys.sample] + ClassifierCategory.allCases.map(\.rawValue) + ["recent", "threshold", "formula", "scale"],
        ]
        if !features.isEmpty {
            commands += ClassifierCategory.allCases.map { ["HMGET", keys.features($0)] + features }
        }
        let replies = try await redis.pipeline(commands)
        let documents = try Self.integers(replies.first, expected: ClassifierCategory.allCases.count)
        var counts = TrainingCounts(
            documents: CategoryCounts(favorite: documents[0], normal: documents[1]), sample: try Self.sample(replies.dropFirst().first))
        guard !features.isEmpty else { return counts }
        let favorite = try Self.integers(replies.dropFirst(2).first, expected: features.count)
        let normal = try Self.integers(replies.dropFirst(3).first, expected: features.count)
        for (index, feature) in features.enumerated() where favorite[index] != 0 || normal[index] != 0 {
            counts.features[feature] = CategoryCounts(favorite: favorite[index], normal: normal[index])
        }
        return counts
    }

    /// The like-share sample (one round trip).
    public func likeShareSample() async throws -> LikeShareSample {
        try await counts(for: []).sample
    }

    // MARK: - Clearing

    public func clear() async throws {
        try await redis.send(["DEL"] + keys.all).throwingOnError()
    }

    // MARK: - Reading replies

    /// The distinct features of `posts`, in first-seen order.
    static func union(_ posts: [[String]]) -> [String] {
        var union: [String] = []
        var seen: Set<String> = []
        for feature in posts.joined() where seen.insert(feature).inserted {
            union.append(feature)
        }
        return union
    }

    /// Reads an HMGET reply: nil fields are 0; anything else that is not a non-negative integer is an error.
    private static func integers(_ reply: RedisValue?, expected count: Int) throws -> [Int] {
        try elements(reply, expected: count).map { element in
            if element.isNull { return 0 }
            guard let value = element.integer, value >= 0, let int = Int(exactly: value) else {
                throw ClassifierError.unexpectedReply("a count that is not a non-negative integer")
            }
            return int
        }
    }

    /// Reads the sample's HMGET reply (favorite, normal, recent, threshold, formula, scale).
    /// No `formula`: the recent scores, if any, were made by formula 1, before the version was stored
    /// (no recent score: nothing to rescore, the current formula). No `scale`: 1.
    private static func sample(_ reply: RedisValue?) throws -> LikeShareSample {
        let values = try elements(reply, expected: 6)
        let counts = try integers(.array(Array(values.prefix(3))), expected: 3)
        let threshold = try values[3].isNull ? nil : number(values[3])
        let formula = values[4].isNull ? (counts[2] > 0 ? 1 : Calibration.formula) : try integers(.array([values[4]]), expected: 1)[0]
        let scale = try values[5].isNull ? 1 : number(values[5])
        return LikeShareSample(
            posts: CategoryCounts(favorite: counts[0], normal: counts[1]), recent: counts[2], logThreshold: threshold, formula: formula,
            textScale: scale)
    }

    private static func number(_ value: RedisValue) throws -> Double {
        guard let text = value.string, let number = Double(text), !number.isNaN else {
            throw ClassifierError.unexpectedReply("a score that is not a number")
        }
        return number
    }

    private static func elements(_ reply: RedisValue?, expected count: Int) throws -> [RedisValue] {
        guard let reply else { throw ClassifierError.unexpectedReply("missing reply") }
        try reply.throwingOnError()
        guard let elements = reply.array, elements.count == count else {
            throw ClassifierError.unexpectedReply("expected \(count) counts")
        }
        return elements
    }
}
