import Foundation
import MeCab
import MirrorBot
import MirrorBotRedis
import Redis
import TestSupport
import MirrorBotMeCab
import Testing

/// Against the real Redis from scripts/test.sh and the real ipadic dictionary.
/// Each test has its own key prefix, so the tests run in parallel.
@Suite("RedisClassifierStore with real Redis and MeCab")
struct ClassifierStoreTests {
    let store: RedisClassifier
    let redis: RedisConnection

    init() async throws {
        let prefix = TestEnvironment.uniqueName("mb") + ":"
        store = try await RedisClassifierStore.connect(
            redisURL: try TestEnvironment.redisURL(), keyPrefix: prefix,
            tokenizer: MeCabFeatureTokenizer(dictionaryPath: TestClassifier.ipadic), threshold: .fixed(3.0)
        )
        redis = store.redis
    }

    func hash(_ key: String) async throws -> [String: String] {
        let reply = try await redis.send(["HGETALL", key]).throwingOnError()
        let items = try #require(reply.array).compactMap(\.string)
        return Dictionary(uniqueKeysWithValues: stride(from: 0, to: items.count - 1, by: 2).map { (items[$0], items[$0 + 1]) })
    }

    /// Favorites first, so the take-back from `normal` finds nothing to take.
    func trainHandExample() async throws {
        try await store.train(text: "寿司", author: "alice", as: .favorite)
        try await store.train(text: "寿司とラーメン", author: "carol", as: .favorite)
        try await store.train(text: "仕事", author: "bob", as: .normal)
        try await store.train(text: "仕事", author: "bob", as: .normal)
        try await store.train(text: "寿司", author: "bob", as: .normal)
    }

    @Test("trained from texts, a query matches the hand-computed ratios 28/33 and 28/9")
    func handComputed() async throws {
        try await trainHandExample()
        // Counts: documents favorite 2, normal 3; 寿司 2/1, 仕事 0/2, @author:alice 1/0.
        let counts = try await store.counts(for: ["寿司", "仕事", "@author:alice", "未知"])
        #expect(counts.documents == CategoryCounts(favorite: 2, normal: 3))
        #expect(counts.counts(of: "寿司") == CategoryCounts(favorite: 2, normal: 1))
        #expect(counts.counts(of: "仕事") == CategoryCounts(favorite: 0, normal: 2))
        #expect(counts.counts(of: "@author:alice") == CategoryCounts(favorite: 1, normal: 0))
        #expect(counts.counts(of: "未知") == CategoryCounts())

        // weighted: 寿司 7/16 vs 3/16; 仕事 1/14 vs 11/42; alice 1/6 vs 1/12; 未知 1/10 vs 1/10.
        // ratio = (7/16 * 1/14 * 1/6 * 1/10 * 2/5) / (3/16 * 11/42 * 1/12 * 1/10 * 3/5) = 28/33
        let normal = try await store.classify(text: "寿司と仕事と未知", author: "alice")
        #expect(normal.features == ["寿司", "仕事", "未知", "@author:alice"])
        #expect(abs(normal.ratio - 28.0 / 33.0) <= 1e-12)
        #expect(normal.label == .normal)

        // ratio = (7/16 * 1/6 * 2/5) / (3/16 * 1/12 * 3/5) = 28/9 > 3.0
        let favorite = try await store.classify(text: "寿司", author: "alice")
        #expect(abs(favorite.ratio - 28.0 / 9.0) <= 1e-12)
        #expect(favorite.label == .favorite)
        #expect(favorite.strongest(toward: .favorite).map(\.feature) == ["寿司", "@author:alice"])
    }

    @Test("training favorite takes one count back from normal, never below zero")
    func favoriteTakesBackFromNormal() async throws {
        try await store.train(text: "仕事", author: "bob", as: .normal)
        try await store.train(text: "仕事", author: "bob", as: .normal)
        #expect(try await hash(store.keys.documents) == ["normal": "2"])
        #expect(try await hash(store.keys.features(.normal)) == ["仕事": "2", "@author:bob": "2"])

        try await store.train(text: "仕事", author: "bob", as: .favorite)
        #expect(try await hash(store.keys.documents) == ["favorite": "1", "normal": "1"])
        #expect(try await hash(store.keys.features(.normal)) == ["仕事": "1", "@author:bob": "1"])
        #expect(try await hash(store.keys.features(.favorite)) == ["仕事": "1", "@author:bob": "1"])

        try await store.train(text: "仕事と会議", author: "bob", as: .favorite)
        try await store.train(text: "仕事と会議", author: "bob", as: .favorite)
        #expect(try await hash(store.keys.documents) == ["favorite": "3", "normal": "0"])
        #expect(try await hash(store.keys.features(.normal)) == [:])
        #expect(try await hash(store.keys.features(.favorite)) == ["仕事": "3", "会議": "2", "@author:bob": "3"])
        let counts = try await store.counts(for: ["仕事", "会議"])
        #expect(counts.documents == CategoryCounts(favorite: 3, normal: 0))
        #expect(counts.counts(of: "会議") == CategoryCounts(favorite: 2, normal: 0))
    }

    @Test("nothing trained yet: every post is normal with ratio 0")
    func untrained() async throws {
        let result = try await store.classify(text: "寿司が食べたい", author: "alice")
        #expect(result.ratio == 0)
        #expect(result.label == .normal)
        #expect(result.features == ["寿司", "@author:alice"])
    }

    @Test("empty text and text without nouns")
    func emptyAndNoNouns() async throws {
        try await trainHandExample()
        let empty = try await store.classify(text: "", author: nil)
        #expect(empty.features.isEmpty)
        #expect(empty.ratio == 0 && empty.label == .normal)

        // Only the author: alice is 1/6 vs 1/12, prior 2/3: ratio = (1/6 * 2/5) / (1/12 * 3/5) = 4/3.
        let thanks = try await store.classify(text: "ありがとう！", author: "alice")
        #expect(thanks.features == ["@author:alice"])
        #expect(abs(thanks.ratio - 4.0 / 3.0) <= 1e-12)
        #expect(thanks.label == .normal)

        // Training a post with no features counts the document and nothing else.
        try await store.train(text: "", author: nil, as: .normal)
        #expect(try await store.counts(for: []).documents == CategoryCounts(favorite: 2, normal: 4))
    }

    @Test("a batch gives the same answers as one by one, in one call")
    func batchMatchesSingle() async throws {
        try await trainHandExample()
        let posts = [
            ClassifierInput(text: "寿司", author: "alice"),
            ClassifierInput(text: "寿司と仕事と未知", author: "alice"),
            ClassifierInput(text: "ラーメン", author: "carol"),
            ClassifierInput(text: "仕事の話 https://t.co/x #仕事", author: "bob"),
            ClassifierInput(text: "", author: nil),
            ClassifierInput(text: "ありがとう！", author: "dave"),
            ClassifierInput(text: "寿司", author: "alice"),
        ]
        let batch = try await store.classify(batch: posts)
        var single: [Classification] = []
        for post in posts {
            single.append(try await store.classify(text: post.text, author: post.author))
        }
        #expect(batch == single)
        // ラーメン by carol: (1/6 * 1/6 * 2/5) / (1/12 * 1/12 * 3/5) = 8/3, not above 3.
        #expect(abs(batch[2].ratio - 8.0 / 3.0) <= 1e-12)
        #expect(batch.map(\.label) == [.favorite, .normal, .normal, .normal, .normal, .normal, .favorite])
        #expect(try await store.classify(batch: []) == [])
    }

    @Test("training a batch counts the same as training one by one")
    func trainBatch() async throws {
        let other = RedisClassifier(
            redis: redis, keys: ClassifierKeys(prefix: TestEnvironment.uniqueName("mb") + ":"), extractor: store.extractor
        )
        try await trainHandExample()
        try await other.train(batch: [
            TrainingExample(text: "寿司", author: "alice", category: .favorite),
            TrainingExample(text: "寿司とラーメン", author: "carol", category: .favorite),
            TrainingExample(text: "仕事", author: "bob", category: .normal),
            TrainingExample(text: "仕事", author: "bob", category: .normal),
            TrainingExample(text: "寿司", author: "bob", category: .normal),
        ])
        for category in ClassifierCategory.allCases {
            #expect(try await hash(other.keys.features(category)) == (try await hash(store.keys.features(category))))
        }
        #expect(try await hash(other.keys.documents) == (try await hash(store.keys.documents)))
        try await other.clear()
    }

    @Test("clear forgets everything under the prefix and nothing else")
    func clear() async throws {
        let neighbour = RedisClassifier(
            redis: redis, keys: ClassifierKeys(prefix: TestEnvironment.uniqueName("mb") + ":"), extractor: store.extractor
        )
        try await trainHandExample()
        try await neighbour.train(text: "寿司", author: "alice", as: .favorite)
        try await store.clear()
        #expect(try await redis.send(["EXISTS"] + store.keys.all) == .integer(0))
        #expect(try await store.counts(for: ["寿司"]) == TrainingCounts())
        #expect(try await neighbour.counts(for: ["寿司"]).counts(of: "寿司") == CategoryCounts(favorite: 1, normal: 0))
        try await neighbour.clear()
    }

    @Test("the key layout under the prefix")
    func keyLayout() {
        let keys = ClassifierKeys(prefix: "mirror-bot:")
        #expect(keys.documents == "mirror-bot:classifier:documents")
        #expect(keys.features(.favorite) == "mirror-bot:classifier:features:favorite")
        #expect(keys.features(.normal) == "mirror-bot:classifier:features:normal")
        #expect(ClassifierKeys().prefix == "mirror-bot:")
    }
}
