import CoreTestSupport
import Foundation
import MirrorBot
import Testing

/// Issue 24: `train classifier --jsonl` with the likes first, then the rest (the
/// seed trainer's order), left `auto` liking every clearly-normal post.
@Suite("FAVORITE_RATE_THRESHOLD=auto holds whatever order the training came in")
struct ClassifierTrainingOrderTests {
    /// A deterministic generator (a 64-bit LCG, the high bits).
    struct Draw {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// A post of `category`: 4 of its topic's 40 nouns, 3 of 60 nouns both topics use,
    /// and one of 30 authors who post both.
    static func post(_ category: ClassifierCategory, _ draw: inout Draw) -> [String] {
        let topic = category == .favorite ? "猫" : "会議"
        var features: [String] = []
        while features.count < 4 {
            let word = "\(topic)\(draw.next(40))"
            if !features.contains(word) { features.append(word) }
        }
        while features.count < 7 {
            let word = "話題\(draw.next(60))"
            if !features.contains(word) { features.append(word) }
        }
        return features + ["@author:user\(draw.next(30))"]
    }

    /// The file: 800 liked posts, then 750 others.
    static func likesFirst(seed: UInt64 = 24) -> [(features: [String], category: ClassifierCategory)] {
        var draw = Draw(state: seed)
        let liked = (0..<800).map { _ in (features: post(.favorite, &draw), category: ClassifierCategory.favorite) }
        let others = (0..<750).map { _ in (features: post(.normal, &draw), category: ClassifierCategory.normal) }
        return liked + others
    }

    /// The counts and the like-share sample after learning `posts` in order as
    /// `train classifier --jsonl` learns a labeled file (a sample; no take-back), in the store the core's tests use.
    static func learned(_ posts: [(features: [String], category: ClassifierCategory)]) async -> TrainingCounts {
        let store = InMemoryClassifierStore()
        await store.learn(posts.map { LearnedPost(features: $0.features, category: $0.category, takesBack: false) }, calibratingWith: PooledBayes())
        return await store.counts
    }

    @Test("likes learned first, then the others: a new clearly-normal post is not liked, a clearly-favourite one is")
    func likesFirstThenOthers() async {
        let counts = await Self.learned(Self.likesFirst())
        let rule = FavoriteRule(threshold: .auto)
        var draw = Draw(state: 2_024)
        let normals = (0..<20).map { _ in rule.classify(features: Self.post(.normal, &draw), counts: counts) }
        let favorites = (0..<20).map { _ in rule.classify(features: Self.post(.favorite, &draw), counts: counts) }
        #expect(normals.allSatisfy { if case .calibrated = $0.threshold.basis { true } else { false } })
        #expect(normals.filter(\.isFavorite).count == 0, "liked \(normals.filter(\.isFavorite).count) of 20 clearly-normal posts; \(normals[0].threshold)")
        #expect(favorites.filter(\.isFavorite).count == 20, "liked \(favorites.filter(\.isFavorite).count) of 20 clearly-favourite posts")
    }

    @Test("the same file in any order calibrates to the same threshold", arguments: ["likes last", "shuffled"])
    func sameThresholdAnyOrder(order: String) async {
        let file = Self.likesFirst()
        var reordered: [(features: [String], category: ClassifierCategory)]
        if order == "likes last" {
            reordered = file.filter { $0.category == .normal } + file.filter { $0.category == .favorite }
        } else {
            var draw = Draw(state: 7)
            reordered = file
            for index in reordered.indices.reversed() {
                reordered.swapAt(index, draw.next(index + 1))
            }
        }
        let first = await Self.learned(file).sample
        let other = await Self.learned(reordered).sample
        #expect(first.logThreshold != nil)
        #expect(first.logThreshold == other.logThreshold, "likes first: \(String(describing: first.logThreshold)); \(order): \(String(describing: other.logThreshold))")
        #expect(first.textScale == other.textScale)
    }

    @Test("a like takes its post back from normal only when it was learned as normal: 150 likes from outside the timeline leave the normals whole")
    func likesFromOutsideTheTimeline() async throws {
        let classifier = InMemoryClassifier(learning: .countsOnly)
        try await classifier.train(batch: ["会議 資料", "電車 遅延", "ラーメン 新作"].map {
            TrainingExample(text: $0, author: "colleague", category: .normal)
        })
        // Liked from a search or a profile: never on the home timeline, so never learned as normal.
        try await classifier.train(batch: (0..<150).map {
            TrainingExample(text: "ラーメン 新作 つけ麺", author: "fan\($0)", category: .favorite)
        })
        #expect(await classifier.store.counts.documents == CategoryCounts(favorite: 150, normal: 3))
        #expect(await classifier.store.counts.counts(of: "ラーメン") == CategoryCounts(favorite: 150, normal: 1))
        // Seen on the home timeline as normal, liked later: it moves.
        try await classifier.train(batch: [TrainingExample(text: "ラーメン 新作", author: "colleague", category: .favorite, seenAsNormal: true)])
        #expect(await classifier.store.counts.documents == CategoryCounts(favorite: 151, normal: 2))
        #expect(await classifier.store.counts.counts(of: "ラーメン") == CategoryCounts(favorite: 151, normal: 0))
        let verdict = try await classifier.classify(text: "ラーメン 新作 つけ麺", author: "foodie")
        #expect(verdict.ratio > 0 && verdict.isFavorite, "\(verdict)")
    }
}

