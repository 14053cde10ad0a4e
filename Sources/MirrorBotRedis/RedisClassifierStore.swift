import MirrorBot
import PostFeatures
import Redis

/// The favorite classifier's counts and calibration windows in Redis (`ClassifierStore`);
/// the arithmetic is `CountingClassifier`'s (MirrorBot).
///
/// Redis keys are described in `ClassifierKeys` (and docs/CLASSIFIER.md).
/// Round trips: `counts(for:)` is one pipeline of four HMGETs (document counts, the
/// like-share sample, feature counts of both categories); `learn` is one pipeline of
/// EVALs (one EVAL, atomic, per post) and, for a sample, one EVAL that adds the posts
/// to the windows and takes the threshold anew (`ClassifierScript.calibrate`).
///
///     let classifier = try await RedisClassifierStore.connect(
///         redisURL: "redis://:secret@localhost:6379/0", keyPrefix: "mirror-bot:",
///         tokenizer: MeCabFeatureTokenizer(dictionaryPath: nil), threshold: .auto)
///     try await classifier.train(text: "寿司が好き", author: "alice", as: .favorite)
///     let verdict = try await classifier.classify(text: "寿司食べたい", author: "alice")
public struct RedisClassifierStore: ClassifierStore {
    public let redis: RedisConnection
    public let keys: ClassifierKeys
    /// Where every post learned is recorded first, so that the counts can be rebuilt
    /// (`RedisClassifierStore+Rebuild.swift`). With one, the counts are read only while
    /// `keys.kept` says they are whole; nil: the counts alone (benchmarks, older tests).
    public var journal: (any ClassifierJournal)?
    /// What the posts learned through this store are recorded as coming from.
    public var source: TrainingSource = .learning

    public init(redis: RedisConnection, keys: ClassifierKeys = ClassifierKeys(), journal: (any ClassifierJournal)? = nil) {
        self.redis = redis
        self.keys = keys
        self.journal = journal
    }

    /// Connects to Redis: the classifier over this store, features from `tokenizer` (MeCab in production).
    public static func connect(
        redisURL: String, keyPrefix: String = ClassifierKeys.defaultPrefix, tokenizer: any Tokenizer,
        threshold: FavoriteThreshold = .auto, learning: ClassifierLearning = .sample
    ) async throws -> RedisClassifier {
        RedisClassifier(
            redis: try await RedisConnection(url: redisURL), keys: ClassifierKeys(prefix: keyPrefix),
            extractor: FeatureExtractor(tokenizer: tokenizer), rule: FavoriteRule(threshold: threshold), learning: learning)
    }

    // MARK: - Learning

    public func learn(_ posts: [LearnedPost], calibratingWith pooled: PooledBayes?) async throws {
        guard !posts.isEmpty else { return }
        let training = posts.map { post in
            ClassifierScript.command(
                features: post.features, as: post.category, keys: keys, takeBackFromNormal: post.takesBack,
                sample: pooled == nil ? .none : post.movesInSample ? .liked : .new)
        }
        let calibration = pooled.map { [ClassifierScript.calibrateCommand(posts: posts, keys: keys, pooled: $0)] } ?? []
        let recorded = try await journal?.record(JournaledPost.batch(posts, sample: pooled != nil), source: source) ?? []
        do {
            for reply in try await redis.pipeline(training + calibration) {
                try reply.throwingOnError()
            }
        } catch {
            // Not counted: not recorded either (the caller learns them again later).
            try? await journal?.forget(recorded)
            throw error
        }
    }

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

    // MARK: - Reading

    /// The document counts, the like-share sample and the counts of `features`, in one round trip.
    public func counts(for features: [String]) async throws -> TrainingCounts {
        var commands: [[String]] = [
            ["HMGET", keys.documents] + ClassifierCategory.allCases.map(\.rawValue),
            ["HMGET", keys.sample] + ClassifierCategory.allCases.map(\.rawValue) + ["recent", "threshold", "formula", "scale"],
        ]
        if !features.isEmpty {
            commands += ClassifierCategory.allCases.map { ["HMGET", keys.features($0)] + features }
        }
        if journal != nil { commands.append(["EXISTS", keys.kept]) }
        let replies = try await redis.pipeline(commands)
        // Counts without their marker are a Redis that lost them: answering 0 would pass every post over.
        if journal != nil, try replies.last?.throwingOnError().integer != 1 { throw ClassifierError.countsMissing(examples: nil) }
        let documents = try Self.integers(replies.first, expected: ClassifierCategory.allCases.count)
        var counts = TrainingCounts(
            documents: CategoryCounts(favorite: documents[0], normal: documents[1]), sample: try Self.sample(replies.dropFirst().first))
        guard !features.isEmpty else { return counts }
        let favorite = try Self.integers(replies.dropFirst(2).first, expected: features.count)
        let normal = try Self.integers(replies.dropFirst(3).first, expected: features.count)
        counts.featureCounts = FeatureDictionary(minimumCapacity: features.count, keys: features)
        for (index, feature) in features.enumerated() where favorite[index] != 0 || normal[index] != 0 {
            counts.featureCounts[feature] = CategoryCounts(favorite: favorite[index], normal: normal[index])
        }
        return counts
    }

    // MARK: - Clearing

    /// Forgets the counts and, with a journal, its record; the empty counts are then whole.
    public func clear() async throws {
        try await redis.send(["DEL"] + keys.all).throwingOnError()
        guard let journal else { return }
        try await journal.clear()
        try await redis.send(["SET", keys.kept, "1"]).throwingOnError()
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

/// The favorite classifier over Redis.
public typealias RedisClassifier = CountingClassifier<RedisClassifierStore>

extension CountingClassifier where Store == RedisClassifierStore {
    public init(
        redis: RedisConnection, keys: ClassifierKeys = ClassifierKeys(), extractor: FeatureExtractor,
        rule: FavoriteRule = FavoriteRule(), learning: ClassifierLearning = .sample
    ) {
        self.init(store: RedisClassifierStore(redis: redis, keys: keys), extractor: extractor, rule: rule, learning: learning)
    }

    public var redis: RedisConnection { store.redis }
    public var keys: ClassifierKeys { store.keys }
}
