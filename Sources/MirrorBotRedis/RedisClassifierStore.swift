import MirrorBot
import Redis

/// The favorite classifier: features from `FeatureExtractor`, counts in Redis,
/// arithmetic in `NaiveBayes`.
///
/// Redis keys are described in `ClassifierKeys` (and docs/CLASSIFIER.md).
/// Round trips: training one post is one EVAL (atomic); training a batch is
/// one pipeline of EVALs; classifying one post or a whole batch is one
/// pipeline of three HMGETs (feature counts of both categories, then the
/// document counts).
///
///     let classifier = try await RedisClassifierStore.connect(
///         redisURL: "redis://:secret@localhost:6379/0", keyPrefix: "mirror-bot:",
///         dictionaryPath: env["MECAB_DICDIR"], threshold: 3.0)
///     try await classifier.train(text: "寿司が好き", author: "alice", as: .favorite)
///     let verdict = try await classifier.classify(text: "寿司食べたい", author: "alice")
public struct RedisClassifierStore: FavoriteClassifier {
    public let redis: RedisConnection
    public let keys: ClassifierKeys
    public let extractor: FeatureExtractor
    public let model: NaiveBayes

    public init(redis: RedisConnection, keys: ClassifierKeys = ClassifierKeys(), extractor: FeatureExtractor, model: NaiveBayes = NaiveBayes()) {
        self.redis = redis
        self.keys = keys
        self.extractor = extractor
        self.model = model
    }

    /// Connects to Redis; features come from `tokenizer` (MeCab in production).
    public static func connect(
        redisURL: String, keyPrefix: String = ClassifierKeys.defaultPrefix, tokenizer: any Tokenizer,
        threshold: Double = NaiveBayes.defaultThreshold
    ) async throws -> RedisClassifierStore {
        let redis = try await RedisConnection(url: redisURL)
        return RedisClassifierStore(
            redis: redis, keys: ClassifierKeys(prefix: keyPrefix),
            extractor: FeatureExtractor(tokenizer: tokenizer), model: NaiveBayes(threshold: threshold)
        )
    }

    // MARK: - Training

    public func train(text: String, author: String?, as category: ClassifierCategory) async throws {
        try await train(features: extractor.features(text: text, author: author), as: category)
    }

    public func train(batch examples: [TrainingExample]) async throws {
        let commands = examples.map { example in
            ClassifierScript.command(
                features: extractor.features(text: example.text, author: example.author), as: example.category, keys: keys
            )
        }
        for reply in try await redis.pipeline(commands) {
            try reply.throwingOnError()
        }
    }

    /// Trains already extracted features (distinct) as one post.
    public func train(features: [String], as category: ClassifierCategory) async throws {
        try await redis.send(ClassifierScript.command(features: features, as: category, keys: keys)).throwingOnError()
    }

    // MARK: - Classifying

    public func classify(text: String, author: String?) async throws -> Classification {
        let features = extractor.features(text: text, author: author)
        return model.classify(features: features, counts: try await counts(for: features))
    }

    public func classify(batch posts: [ClassifierInput]) async throws -> [Classification] {
        let perPost = posts.map { extractor.features(text: $0.text, author: $0.author) }
        var union: [String] = []
        var seen: Set<String> = []
        for feature in perPost.joined() where seen.insert(feature).inserted {
            union.append(feature)
        }
        let counts = try await counts(for: union)
        return perPost.map { model.classify(features: $0, counts: counts) }
    }

    /// The document counts and the counts of `features`, in one round trip.
    public func counts(for features: [String]) async throws -> TrainingCounts {
        var commands: [[String]] = [["HMGET", keys.documents] + ClassifierCategory.allCases.map(\.rawValue)]
        if !features.isEmpty {
            commands += ClassifierCategory.allCases.map { ["HMGET", keys.features($0)] + features }
        }
        let replies = try await redis.pipeline(commands)
        let documents = try Self.integers(replies.first, expected: ClassifierCategory.allCases.count)
        var counts = TrainingCounts(documents: CategoryCounts(favorite: documents[0], normal: documents[1]))
        guard !features.isEmpty else { return counts }
        let favorite = try Self.integers(replies.dropFirst().first, expected: features.count)
        let normal = try Self.integers(replies.dropFirst(2).first, expected: features.count)
        for (index, feature) in features.enumerated() where favorite[index] != 0 || normal[index] != 0 {
            counts.features[feature] = CategoryCounts(favorite: favorite[index], normal: normal[index])
        }
        return counts
    }

    // MARK: - Clearing

    public func clear() async throws {
        try await redis.send(["DEL"] + keys.all).throwingOnError()
    }

    /// Reads an HMGET reply: nil fields are 0; anything else that is not a non-negative integer is an error.
    private static func integers(_ reply: RedisValue?, expected count: Int) throws -> [Int] {
        guard let reply else { throw ClassifierError.unexpectedReply("missing reply") }
        try reply.throwingOnError()
        guard let elements = reply.array, elements.count == count else {
            throw ClassifierError.unexpectedReply("expected \(count) counts")
        }
        return try elements.map { element in
            if element.isNull { return 0 }
            guard let value = element.integer, value >= 0, let int = Int(exactly: value) else {
                throw ClassifierError.unexpectedReply("a count that is not a non-negative integer")
            }
            return int
        }
    }
}
