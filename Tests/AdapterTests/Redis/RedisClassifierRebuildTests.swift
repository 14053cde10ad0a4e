import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotRedis
import PostFeatures
import Redis
import TestSupport
import Testing

/// Losing Redis: the counts, windows and threshold rebuilt from what PostgreSQL recorded
/// (`RedisClassifierStore+Rebuild.swift`), with the real PostgreSQL and Redis from scripts/test.sh.
/// Each test has its own schema and key prefix; "losing Redis" deletes that prefix's keys
/// (a FLUSHALL would take the other tests' keys too).
@Suite("The classifier's counts rebuilt from PostgreSQL after Redis lost them, with real PostgreSQL and Redis")
struct RedisClassifierRebuildTests {
    let redis: RedisConnection

    init() async throws {
        redis = try await RedisConnection(url: try TestEnvironment.redisURL())
    }

    func classifier(
        _ database: MigratedDatabase, _ keys: ClassifierKeys, learning: ClassifierLearning = .sample, journal: Bool = true
    ) -> RedisClassifier {
        RedisClassifier(
            store: RedisClassifierStore(redis: redis, keys: keys, journal: journal ? PostgresClassifierJournal(connection: database.connection) : nil),
            extractor: FeatureExtractor(tokenizer: WordTokenizer()), learning: learning)
    }

    static func keys() -> ClassifierKeys { ClassifierKeys(prefix: TestEnvironment.uniqueName("rebuild") + ":") }

    /// Every key of the classifier as Redis holds it: a hash's fields sorted, a list in order.
    func contents(_ keys: ClassifierKeys) async throws -> [String: [String]] {
        var contents: [String: [String]] = [:]
        for key in keys.all {
            switch try await redis.send(["TYPE", key]).string {
            case "hash":
                let items = try #require(try await redis.send(["HGETALL", key]).throwingOnError().array).compactMap(\.string)
                contents[key] = stride(from: 0, to: items.count - 1, by: 2).map { items[$0] + "=" + items[$0 + 1] }.sorted()
            case "list":
                contents[key] = try #require(try await redis.send(["LRANGE", key, "0", "-1"]).throwingOnError().array).compactMap(\.string)
            default:
                break
            }
        }
        return contents
    }

    /// What a Redis restarted empty or flushed leaves of this prefix: nothing.
    func lose(_ keys: ClassifierKeys) async throws {
        try await redis.send(["DEL", keys.kept] + keys.all).throwingOnError()
    }

    /// A daemon's learning in miniature: rounds of the home timeline (each a sample batch, liked
    /// posts taking one back from `normal`), posts of an earlier round liked later (moving from the
    /// `normal` window), more `normal` posts than the window holds, and an archive's likes (counts
    /// only) both between the rounds and after the last threshold was taken.
    func learn(_ database: MigratedDatabase, _ keys: ClassifierKeys, stream: inout SyntheticTimeline) async throws -> Int {
        let daemon = classifier(database, keys)
        let archive = classifier(database, keys, learning: .countsOnly)
        var learned = 0
        var earlier: [TrainingExample] = []
        for round in 0..<30 {
            let posts = stream.posts(45)
            let likedLater = earlier.filter { $0.category == .normal }.prefix(2).map {
                TrainingExample(text: $0.text, author: $0.author, category: .favorite, seenAsNormal: true)
            }
            try await daemon.train(batch: posts + likedLater)
            learned += posts.count + likedLater.count
            earlier = posts
            if round == 10 || round == 29 {
                let likes = stream.posts(80).filter { $0.category == .favorite }
                try await archive.train(batch: likes)
                learned += likes.count
            }
        }
        return learned
    }

    @Test("train, classify, lose Redis, rebuild, classify: the same verdicts, ratios, threshold and keys")
    func sameClassifier() async throws {
        let database = try await MigratedDatabase.make()
        let keys = Self.keys()
        let daemon = classifier(database, keys)
        #expect(try await daemon.keepCounts(log: nil) == .empty)
        var stream = SyntheticTimeline(likeShare: 0.12, seed: 39)
        let learned = try await learn(database, keys, stream: &stream)
        let probe = stream.posts(60).map { ClassifierInput(text: $0.text, author: $0.author) }
        let before = try await daemon.classify(batch: probe)
        let kept = try await contents(keys)
        #expect(before.contains { $0.threshold.basis.isCalibrated } && before.contains { $0.label == .favorite })
        #expect(kept[keys.window(.normal)]?.count == Calibration.windowLimit)

        try await lose(keys)
        // Counts without their marker are never read as zeros.
        await #expect(throws: ClassifierError.countsMissing(examples: nil)) { try await daemon.classify(batch: probe) }
        let log = LogRecorder()
        #expect(try await daemon.keepCounts(log: log.logger).ignoringTime == .rebuilt(examples: learned, seconds: 0))
        #expect(try await daemon.classify(batch: probe) == before)
        #expect(try await contents(keys) == kept)
        #expect(log.events("classifier_lost").count == 1 && log.events("classifier_lost")[0].contains("examples=\(learned)"))
        #expect(log.events("classifier_rebuilt").count == 1)
        // Whole again: the next check does nothing.
        #expect(try await daemon.keepCounts(log: nil) == .whole)

        // Folded into the baseline up to the last sample batch (the archive's likes after it stay
        // records), then lost and rebuilt again: still the same classifier.
        let journal = PostgresClassifierJournal(connection: database.connection)
        try await daemon.store.fold(pooled: daemon.rule.pooled)
        #expect(try await journal.baseline() != nil)
        let left = try await journal.count()
        #expect(left > 0 && left < 100)
        try await lose(keys)
        #expect(try await daemon.keepCounts(log: nil).ignoringTime == .rebuilt(examples: left, seconds: 0))
        #expect(try await daemon.classify(batch: probe) == before)
        #expect(try await contents(keys) == kept)
        try await daemon.clear()
        #expect(try await journal.count() == 0)
        #expect(try await journal.baseline() == nil)
    }

    @Test("a bot that learned before the journal: its counts saved as the baseline at the first check, rebuilt on top of it")
    func baseline() async throws {
        let database = try await MigratedDatabase.make()
        let keys = Self.keys()
        var stream = SyntheticTimeline(likeShare: 0.12, seed: 7)
        // Learned by an older version: counts in Redis, nothing recorded, no marker.
        let older = classifier(database, keys, journal: false)
        try await older.train(batch: stream.posts(400))
        let documents = try await older.documentCounts().total
        let daemon = classifier(database, keys)
        #expect(try await daemon.keepCounts(log: nil) == .baselineSaved(documents: documents))
        try await daemon.train(batch: stream.posts(120))
        let probe = stream.posts(40).map { ClassifierInput(text: $0.text, author: $0.author) }
        let before = try await daemon.classify(batch: probe)
        let kept = try await contents(keys)

        try await lose(keys)
        #expect(try await daemon.keepCounts(log: nil).ignoringTime == .rebuilt(examples: 120, seconds: 0))
        #expect(try await daemon.classify(batch: probe) == before)
        #expect(try await contents(keys) == kept)
        try await daemon.clear()
    }

    @Test("while one process rebuilds, another neither rebuilds nor reads the counts")
    func oneRebuildAtATime() async throws {
        let database = try await MigratedDatabase.make()
        let keys = Self.keys()
        var stream = SyntheticTimeline(likeShare: 0.12, seed: 11)
        let daemon = classifier(database, keys)
        _ = try await daemon.keepCounts(log: nil)
        try await daemon.train(batch: stream.posts(50))
        try await lose(keys)
        let other = PostgresClassifierJournal(connection: try await database.database.connect())
        let elsewhere = try await other.exclusively("classifier:" + keys.prefix) {
            try await daemon.keepCounts(log: nil)
        }
        #expect(elsewhere == .rebuildingElsewhere)
        await #expect(throws: ClassifierError.countsMissing(examples: nil)) { try await daemon.classify(text: "c1", author: "a1") }
        #expect(try await daemon.keepCounts(log: nil).ignoringTime == .rebuilt(examples: 50, seconds: 0))
        try await daemon.clear()
    }
}

extension RedisClassifierStore.Kept {
    /// The same outcome with the time left out (a rebuild's seconds are measured, not known).
    var ignoringTime: Self {
        if case .rebuilt(let examples, _) = self { return .rebuilt(examples: examples, seconds: 0) }
        return self
    }
}

extension ThresholdInForce.Basis {
    var isCalibrated: Bool {
        if case .calibrated = self { return true }
        return false
    }
}
