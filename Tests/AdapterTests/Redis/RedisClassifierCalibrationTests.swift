import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotMeCab
import MirrorBotRedis
import PostFeatures
import Redis
import TestSupport
import Testing

/// `FAVORITE_RATE_THRESHOLD=auto` against the real Redis from scripts/test.sh:
/// what a sample stores, the fallback, and the like share over a synthetic stream.
/// Each test has its own key prefix, so the tests run in parallel.
@Suite("RedisClassifierStore calibrating to the human's like share, with real Redis")
struct RedisClassifierCalibrationTests {
    let redis: RedisConnection

    init() async throws {
        redis = try await RedisConnection(url: try TestEnvironment.redisURL())
    }

    /// A store under a fresh prefix; `words` splits on spaces (synthetic posts), else MeCab with ipadic.
    func store(
        threshold: FavoriteThreshold = .auto, learning: ClassifierLearning = .sample, words: Bool = false,
        keys: ClassifierKeys = ClassifierKeys(prefix: TestEnvironment.uniqueName("cal") + ":")
    ) throws -> RedisClassifier {
        let tokenizer: any Tokenizer = words ? WordTokenizer() : try MeCabFeatureTokenizer(dictionaryPath: TestClassifier.ipadic)
        return RedisClassifier(
            redis: redis, keys: keys, extractor: FeatureExtractor(tokenizer: tokenizer),
            rule: FavoriteRule(threshold: threshold), learning: learning)
    }

    func hash(_ key: String) async throws -> [String: String] {
        let items = try #require(try await redis.send(["HGETALL", key]).throwingOnError().array).compactMap(\.string)
        return Dictionary(uniqueKeysWithValues: stride(from: 0, to: items.count - 1, by: 2).map { (items[$0], items[$0 + 1]) })
    }

    /// The windows as Redis holds them.
    func window(_ store: RedisClassifier) async throws -> CalibrationWindow {
        try await store.store.calibrationWindow()
    }

    /// The threshold `Calibration` takes in Swift from the windows and counts Redis holds.
    func swiftThreshold(_ store: RedisClassifier) async throws -> Double? {
        let window = try await window(store)
        let counts = try await store.counts(for: Array(Set((window.favorite + window.normal).joined())))
        return Calibration.logThreshold(window, counts: counts)
    }

    /// The threshold and words' scale `Calibration` chooses in Swift from what Redis holds.
    func swiftCalibration(_ store: RedisClassifier) async throws -> Calibration.Calibrated? {
        let window = try await window(store)
        let counts = try await store.counts(for: Array(Set((window.favorite + window.normal).joined())))
        return Calibration.calibrate(window, counts: counts)
    }

    @Test("a sample stores its counts, its posts in the windows by label, and the threshold Swift takes from them")
    func sampleStored() async throws {
        let store = try store()
        for (text, author, category) in [("寿司", "alice", ClassifierCategory.favorite), ("寿司とラーメン", "carol", .favorite),
                                         ("仕事", "bob", .normal), ("仕事", "bob", .normal), ("寿司", "bob", .normal)] {
            try await store.train(text: text, author: author, as: category)
        }
        #expect(try await window(store) == CalibrationWindow(
            favorite: [["寿司", "@author:alice"], ["寿司", "ラーメン", "@author:carol"]],
            normal: [["仕事", "@author:bob"], ["仕事", "@author:bob"], ["寿司", "@author:bob"]]))
        let stored = try await hash(store.keys.sample)
        #expect(stored.filter { $0.key != "threshold" && $0.key != "scale" }
            == ["favorite": "2", "normal": "3", "recent": "5", "formula": String(Calibration.formula)])
        // Share 2/5, each liked post weighs 0.2, each other 0.2: the threshold is the third highest score
        // of the five, each against the counts less itself, as Swift takes it, to the last digit.
        let logThreshold = try #require(try await swiftThreshold(store))
        #expect(stored["threshold"] == String(format: "%.17g", logThreshold))
        let scale = try #require(try await swiftCalibration(store)).textScale
        #expect(stored["scale"] == String(format: "%.17g", scale))
        #expect(try await store.likeShareSample()
            == LikeShareSample(posts: CategoryCounts(favorite: 2, normal: 3), recent: 5, logThreshold: logThreshold, textScale: scale))
        // Left out, 仕事 by bob has 仕事 only in the other normal post and bob in two: it scores below
        // both liked posts, so the threshold lets through both liked posts and at most one other.
        let counts = try await store.counts(for: ["仕事", "@author:bob"])
        let work = try #require(PooledBayes().heldOutLogLikelihoodRatio(features: ["仕事", "@author:bob"], learnedAs: .normal, counts: counts))
        #expect(logThreshold >= work)
    }

    @Test("a store calibrated by an older formula: counts and sample kept, the seed's rule until 200 posts are scored anew")
    func upgradeFromFormula1() async throws {
        let store = try store(words: true)
        var stream = SyntheticTimeline(likeShare: 0.2, seed: 5)
        try await store.train(labeled: stream.posts(300))
        // What a store of the version before `formula` holds: no `formula` field, its scores in `recent`, no windows.
        try await redis.send(["HDEL", store.keys.sample, "formula"]).throwingOnError()
        try await redis.send(["HSET", store.keys.sample, "scored", "300"]).throwingOnError()
        try await redis.send(["DEL", store.keys.window(.favorite), store.keys.window(.normal)]).throwingOnError()
        try await redis.send(["ZADD", store.keys.recent, "0.5", "1", "-1.5", "2"]).throwingOnError()
        let documents = try await store.documentCounts()
        let probe = stream.posts(10).map { ClassifierInput(text: $0.text, author: $0.author) }
        let seed = try self.store(threshold: .fixed(3.0), words: true, keys: store.keys)
        let old = try await store.classify(batch: probe)
        #expect(old.allSatisfy { $0.threshold == ThresholdInForce(value: 3.0, basis: .rescoring(needed: 200)) })
        #expect(old.map(\.ratio) == (try await seed.classify(batch: probe)).map(\.ratio))
        #expect(try await store.likeShareSample().formula == 1)

        // The next batch drops the older scores and starts the windows anew; counts and sample go on.
        try await store.train(labeled: stream.posts(150))
        let sample = try await store.likeShareSample()
        #expect(sample.formula == Calibration.formula && sample.recent == 150)
        #expect(try await window(store).count == 150)
        #expect(try await redis.send(["EXISTS", store.keys.recent]) == .integer(0))
        #expect(try await hash(store.keys.sample)["scored"] == nil)
        let learnt = try await store.documentCounts()
        #expect(sample.posts.total == 450 && learnt.total == documents.total + 150)
        #expect(try await store.classify(batch: probe).allSatisfy { $0.threshold.basis == .fallback(posts: 150, needed: 200) })
        try await store.train(labeled: stream.posts(50))
        let share = try #require(try await store.likeShareSample().share)
        #expect(try await store.classify(batch: probe).allSatisfy { $0.threshold.basis == .calibrated(share: share, posts: 500, recent: 200) })
        try await store.clear()
    }

    @Test("a store of formula 3 keeps its windows: the seed's rule until the next batch scores them with the words' scale")
    func upgradeFromFormula3() async throws {
        let store = try store(words: true)
        var stream = SyntheticTimeline(likeShare: 0.2, seed: 11)
        try await store.train(labeled: stream.posts(300))
        // What formula 3 stored: the same windows and threshold, no words' scale.
        try await redis.send(["HSET", store.keys.sample, "formula", "3"]).throwingOnError()
        try await redis.send(["HDEL", store.keys.sample, "scale"]).throwingOnError()
        let probe = stream.posts(10).map { ClassifierInput(text: $0.text, author: $0.author) }
        #expect(try await store.classify(batch: probe).allSatisfy { $0.threshold == ThresholdInForce(value: 3.0, basis: .rescoring(needed: 200)) })
        #expect(try await store.likeShareSample().textScale == 1)
        try await store.train(labeled: stream.posts(20))
        let sample = try await store.likeShareSample()
        #expect(sample.formula == Calibration.formula && sample.recent == 320)
        #expect(try await window(store).count == 320)
        let swift = try #require(try await swiftCalibration(store))
        #expect(sample.logThreshold == swift.logThreshold && sample.textScale == swift.textScale)
        #expect(try await store.classify(batch: probe).allSatisfy {
            $0.threshold.basis == .calibrated(share: sample.share ?? 0, posts: 320, recent: 320)
        })
        try await store.clear()
    }

    @Test("where the author carries the likes and the words are noise, Redis chooses the words' scale Swift chooses, below 1")
    func textScaleInRedis() async throws {
        let store = try store(words: true)
        try await store.train(labeled: CalibrationTimelines.authorCarriesLikes())
        let sample = try await store.likeShareSample()
        let swift = try #require(try await swiftCalibration(store))
        #expect(sample.logThreshold == swift.logThreshold)
        #expect(sample.textScale == swift.textScale)
        #expect(sample.textScale < 1)
        try await store.clear()
    }

    @Test("a batch calibrates as one by one: the same windows, sample and threshold")
    func batchCalibratesAsOneByOne() async throws {
        let batch = try store(words: true)
        let single = try store(words: true)
        var stream = SyntheticTimeline(likeShare: 0.2, seed: 3)
        let posts = stream.posts(700)
        try await batch.train(labeled: posts)
        for post in posts.prefix(350) {
            try await single.train(labeled: [post])
        }
        try await single.train(labeled: Array(posts.dropFirst(350)))
        let windows = try await window(batch)
        #expect(windows.count == 700)
        #expect(windows == (try await window(single)))
        #expect(try await batch.likeShareSample() == (try await single.likeShareSample()))
        #expect(try await batch.likeShareSample().logThreshold == (try await swiftThreshold(batch)))
        #expect(try await batch.likeShareSample().textScale == (try await swiftCalibration(batch))?.textScale)
        try await batch.clear()
        try await single.clear()
    }

    @Test("the last 1,000 posts of each label are kept; a human who liked one in 1,003 gets a threshold near the top")
    func windowLimit() async throws {
        let store = try store(words: true)
        try await store.train(labeled: [TrainingExample(text: "a0", author: "x", category: .favorite)])
        try await store.train(labeled: (0..<1_002).map { TrainingExample(text: "w\($0 % 50) v\($0 % 7) n\($0)", author: "x", category: .normal) })
        let windows = try await window(store)
        #expect(windows.favorite == [["a0", "@author:x"]])
        #expect(windows.normal.count == 1_000 && windows.normal.first?.last == "@author:x" && windows.normal.first?.contains("n2") == true)
        let sample = try await store.likeShareSample()
        #expect(sample.posts == CategoryCounts(favorite: 1, normal: 1_002) && sample.recent == 1_001)
        #expect(sample.logThreshold == (try await swiftThreshold(store)))
        // The liked post weighs 1/1003, each other 1002/1003 / 1000: at most one other lies above the threshold.
        let counts = try await store.counts(for: Array(Set(windows.normal.joined())))
        let others = windows.normal.compactMap { PooledBayes().heldOutLogLikelihoodRatio(features: $0, learnedAs: .normal, counts: counts) }
        #expect(others.filter { $0 > (sample.logThreshold ?? .infinity) }.count <= 1)
        try await store.clear()
    }

    @Test("counts-only learning leaves the sample alone; a labeled file is a sample whatever the store learns")
    func countsOnly() async throws {
        let store = try store(learning: .countsOnly)
        try await store.train(batch: [
            TrainingExample(text: "寿司", author: "alice", category: .favorite),
            TrainingExample(text: "仕事", author: "bob", category: .normal),
        ])
        try await store.train(text: "会議", author: "bob", as: .normal)
        #expect(try await store.documentCounts() == CategoryCounts(favorite: 1, normal: 2))
        #expect(try await redis.send(["EXISTS", store.keys.sample, store.keys.window(.favorite), store.keys.window(.normal)]) == .integer(0))
        #expect(try await store.classify(text: "寿司", author: "alice").threshold.basis == .fallback(posts: 0, needed: 200))

        try await store.train(labeled: [TrainingExample(text: "寿司", author: "alice", category: .favorite)])
        #expect(try await hash(store.keys.sample)["favorite"] == "1")
        #expect(try await window(store) == CalibrationWindow(favorite: [["寿司", "@author:alice"]]))
    }

    @Test("a liked post the timeline taught as normal moves in the sample and between the windows; a liked post not seen before is one more")
    func likedPosts() async throws {
        let store = try store()
        try await store.train(batch: [
            TrainingExample(text: "仕事", author: "bob", category: .normal),
            TrainingExample(text: "寿司", author: "alice", category: .normal),
        ])
        try await store.train(batch: [TrainingExample(text: "寿司", author: "alice", category: .favorite, seenAsNormal: true)])
        #expect(try await store.likeShareSample() == LikeShareSample(
            posts: CategoryCounts(favorite: 1, normal: 1), recent: 2, logThreshold: try #require(try await store.likeShareSample().logThreshold)))
        #expect(try await window(store) == CalibrationWindow(favorite: [["寿司", "@author:alice"]], normal: [["仕事", "@author:bob"]]))
        try await store.train(batch: [
            TrainingExample(text: "寿司", author: "carol", category: .favorite),
            TrainingExample(text: "ラーメン", author: "carol", category: .favorite, seenAsNormal: true),
            TrainingExample(text: "会議", author: "carol", category: .favorite, seenAsNormal: true),
        ])
        // Moving never takes the sample below zero; the counts take back as the seed did; a post the
        // normal window does not hold leaves nothing.
        #expect(try await store.likeShareSample().posts == CategoryCounts(favorite: 4, normal: 0))
        let windows = try await window(store)
        #expect(windows.favorite.count == 4 && windows.normal == [["仕事", "@author:bob"]])
        #expect(try await store.documentCounts() == CategoryCounts(favorite: 4, normal: 0))
        try await store.clear()
    }

    @Test("auto is the seed's 3.0 until 200 timeline posts are learned, then the calibrated threshold")
    func fallbackThenCalibrated() async throws {
        let auto = try store(words: true)
        let seed = try store(threshold: .fixed(3.0), words: true, keys: auto.keys)
        var stream = SyntheticTimeline(likeShare: 0.2, seed: 7)
        try await auto.train(labeled: stream.posts(199))
        let probe = stream.posts(20).map { ClassifierInput(text: $0.text, author: $0.author) }

        let thin = try await auto.classify(batch: probe)
        #expect(thin == (try await seed.classify(batch: probe)).map {
            var verdict = $0
            verdict.threshold = ThresholdInForce(value: 3.0, basis: .fallback(posts: 199, needed: 200))
            return verdict
        })
        #expect(thin[0].threshold.description == "fallback: only 199 timeline posts learned; the seed's 3.0 until 200")

        try await auto.train(labeled: stream.posts(1))
        let sample = try await auto.likeShareSample()
        #expect(try await window(auto).count == 200 && sample.recent == 200 && sample.posts.total == 200)
        let share = try #require(sample.share)
        let logThreshold = try #require(try await swiftThreshold(auto))
        #expect(sample.logThreshold == logThreshold)
        let calibrated = try await auto.classify(batch: probe)
        for verdict in calibrated {
            #expect(verdict.threshold.basis == .calibrated(share: share, posts: 200, recent: 200))
            #expect(verdict.threshold.value == exp(sample.priorLogOdds + logThreshold))
            #expect(verdict.isFavorite == (verdict.ratio > verdict.threshold.value))
        }
    }

    @Test("over a synthetic timeline, learned as the daemon learns it, the bot likes about the human's share",
          arguments: [0.5, 0.25, 1.0 / 11, 1.0 / 21], [false, true])
    func likesTheHumansShare(likeShare: Double, likedFirst: Bool) async throws {
        let store = try store(words: true)
        var stream = SyntheticTimeline(likeShare: likeShare, seed: 42)
        // Each round of the daemon's learning sees 100 home-timeline posts. Liked later, a post is learned
        // as normal, then as favorite (seen as normal: it moves in the sample). Liked before the round,
        // it is learned as favorite only (the timeline leaves liked posts out).
        var lastLiked = 0
        for _ in 0..<30 {
            let round = stream.posts(100)
            let liked = round.filter { $0.category == .favorite }
            lastLiked = liked.count
            if likedFirst {
                try await store.train(batch: liked)
                try await store.train(batch: round.filter { $0.category == .normal })
            } else {
                try await store.train(batch: round.map { TrainingExample(text: $0.text, author: $0.author, category: .normal) })
                try await store.train(batch: liked.map { TrainingExample(text: $0.text, author: $0.author, category: .favorite, seenAsNormal: true) })
            }
        }
        let learnt = try await store.likeShareSample()
        #expect(learnt.posts.total == 3_000)
        #expect(abs((learnt.share ?? 0) - likeShare) < 0.03)
        let windows = try await window(store)
        // Liked later, the last round's liked posts left the normal window after it was trimmed to 1,000.
        #expect(windows.favorite.count == min(learnt.posts.favorite, 1_000))
        #expect(windows.normal.count == (likedFirst ? 1_000 : 1_000 - lastLiked))

        let upcoming = stream.posts(2_000)
        let verdicts = try await store.classify(batch: upcoming.map { ClassifierInput(text: $0.text, author: $0.author) })
        let liked = verdicts.filter(\.isFavorite).count
        let human = upcoming.filter { $0.category == .favorite }.count
        let both = zip(verdicts, upcoming).filter { $0.isFavorite && $1.category == .favorite }.count
        let ratio = Double(liked) / Double(human)
        #expect(ratio >= 0.6 && ratio <= 1.5, "the bot liked \(liked) posts, the human \(human)")
        // And mostly the right ones: F1 well above a random pick of the same size (which scores about the share).
        let f1 = 2 * Double(both) / Double(liked + human)
        #expect(f1 >= 0.6, "F1 \(f1)")
        #expect(verdicts.allSatisfy { $0.threshold.basis == .calibrated(share: learnt.share ?? 0, posts: 3_000, recent: windows.count) })
        try await store.clear()
    }
}

/// Splits a post on spaces: every word a noun (for synthetic posts such as `w12 t3`).
struct WordTokenizer: Tokenizer {
    func morphemes(_ text: String) -> [Token] {
        text.split(separator: " ").map { Token(surface: String($0), partOfSpeech: "名詞", subcategory: "一般") }
    }
}

/// A made-up home timeline: each post is liked with probability `likeShare`; liked posts
/// lean to 40 topic words and 10 favored authors, the others are common words by anyone.
struct SyntheticTimeline {
    let likeShare: Double
    var random: SeededGenerator

    init(likeShare: Double, seed: UInt64) {
        self.likeShare = likeShare
        random = SeededGenerator(seed: seed)
    }

    mutating func posts(_ count: Int) -> [TrainingExample] {
        (0..<count).map { _ in post() }
    }

    mutating func post() -> TrainingExample {
        let liked = Double.random(in: 0..<1, using: &random) < likeShare
        var words = (0..<(liked ? 3 : 6)).map { _ in "c\(Int.random(in: 0..<400, using: &random))" }
        if liked {
            words += (0..<3).map { _ in "t\(Int.random(in: 0..<40, using: &random))" }
        } else if Double.random(in: 0..<1, using: &random) < 0.1 {
            words.append("t\(Int.random(in: 0..<40, using: &random))")
        }
        let favored = liked && Double.random(in: 0..<1, using: &random) < 0.6
        let author = "a\(favored ? Int.random(in: 0..<10, using: &random) : Int.random(in: 0..<60, using: &random))"
        return TrainingExample(text: words.joined(separator: " "), author: author, category: liked ? .favorite : .normal)
    }
}
