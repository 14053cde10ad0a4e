import Foundation
import MirrorBot
import Testing

@Suite("NaiveBayes arithmetic, checked against hand-computed fractions")
struct ClassifierNaiveBayesTests {
    /// Two favorite documents, three normal documents:
    ///
    ///     favorite: 寿司 @author:alice   |   favorite: 寿司 ラーメン
    ///     normal:   仕事                 |   normal:   仕事   |   normal: 寿司
    static let counts = TrainingCounts(
        documents: CategoryCounts(favorite: 2, normal: 3),
        features: [
            "寿司": CategoryCounts(favorite: 2, normal: 1),
            "ラーメン": CategoryCounts(favorite: 1, normal: 0),
            "仕事": CategoryCounts(favorite: 0, normal: 2),
            "@author:alice": CategoryCounts(favorite: 1, normal: 0),
        ]
    )

    /// Relative comparison: the code works in log space, so the last bit may differ.
    static func close(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= 1e-12 * max(1, abs(expected))
    }

    @Test("weighted probabilities, feature by feature")
    func weighted() {
        let model = NaiveBayes()
        let documents = Self.counts.documents
        // 寿司: totals = 3; fprob(fav) = 2/2 = 1; fprob(normal) = 1/3.
        // weighted(fav) = (5 * 0.1 + 3 * 1) / (5 + 3) = 3.5 / 8 = 0.4375
        // weighted(normal) = (0.5 + 3 * 1/3) / 8 = 1.5 / 8 = 0.1875
        #expect(Self.close(model.weightedProbability(Self.counts.counts(of: "寿司"), in: .favorite, documents: documents), 0.4375))
        #expect(Self.close(model.weightedProbability(Self.counts.counts(of: "寿司"), in: .normal, documents: documents), 0.1875))
        // Never seen: totals = 0, weighted = (0.5 + 0) / 5 = 0.1 in both.
        #expect(model.weightedProbability(CategoryCounts(), in: .favorite, documents: documents) == 0.1)
        #expect(model.featureProbability(CategoryCounts(favorite: 1), in: .favorite, documents: CategoryCounts()) == 0)
    }

    @Test("a post that stays normal: ratio 28/33")
    func normalPost() {
        // Features: 寿司, 仕事, @author:alice, 未知 (never seen).
        //   寿司:   fav 3.5/8 = 7/16            normal 1.5/8 = 3/16
        //   仕事:   totals 2, fprob 0 and 2/3:  fav 0.5/7 = 1/14     normal (0.5 + 4/3)/7 = 11/42
        //   alice:  totals 1, fprob 1/2 and 0:  fav (0.5 + 0.5)/6 = 1/6   normal 0.5/6 = 1/12
        //   未知:   0.1 and 0.1
        // docprob(fav)    = 7/16 * 1/14 * 1/6 * 1/10 = 7/13440 = 1/1920
        // docprob(normal) = 3/16 * 11/42 * 1/12 * 1/10 = 33/80640 = 11/26880
        // ratio = (1/1920 * 2/5) / (11/26880 * 3/5) = 53760 / 63360 = 28/33 = 0.848484...
        let result = NaiveBayes().classify(features: ["寿司", "仕事", "@author:alice", "未知"], counts: Self.counts)
        #expect(Self.close(result.ratio, 28.0 / 33.0))
        #expect(result.label == .normal)
        #expect(result.strongest(toward: .favorite).map(\.feature) == ["寿司", "@author:alice"])
        #expect(result.strongest(toward: .normal).map(\.feature) == ["仕事"])
        #expect(result.contributions.map(\.feature) == ["寿司", "@author:alice", "未知", "仕事"])
    }

    @Test("a post that is a favorite: ratio 28/9 > 3")
    func favoritePost() {
        // docprob(fav) = 7/16 * 1/6 = 7/96;  docprob(normal) = 3/16 * 1/12 = 1/64
        // ratio = (7/96 * 2/5) / (1/64 * 3/5) = (14/96) / (3/64) = 896/288 = 28/9 = 3.111...
        let result = NaiveBayes().classify(features: ["寿司", "@author:alice"], counts: Self.counts)
        #expect(Self.close(result.ratio, 28.0 / 9.0))
        #expect(result.label == .favorite)
        // The same post under a higher threshold is not.
        #expect(NaiveBayes(threshold: 3.2).classify(features: ["寿司", "@author:alice"], counts: Self.counts).label == .normal)
    }

    @Test("no training data: no crash, ratio 0, not liked")
    func untrained() {
        let result = NaiveBayes().classify(features: ["寿司"], counts: TrainingCounts())
        #expect(result.ratio == 0)
        #expect(result.label == .normal)
        #expect(result.features == ["寿司"])
    }

    @Test("only one category trained: ratio 0, not liked", arguments: [
        CategoryCounts(favorite: 4, normal: 0), CategoryCounts(favorite: 0, normal: 4),
    ])
    func oneCategory(documents: CategoryCounts) {
        let counts = TrainingCounts(documents: documents, features: ["寿司": documents])
        let result = NaiveBayes().classify(features: ["寿司"], counts: counts)
        #expect(result.ratio == 0)
        #expect(result.label == .normal)
    }

    @Test("a post with no features: ratio 0, not liked, even when favorites outnumber normals")
    func noFeatures() {
        let counts = TrainingCounts(documents: CategoryCounts(favorite: 100, normal: 1))
        let result = NaiveBayes().classify(features: [], counts: counts)
        #expect(result.ratio == 0)
        #expect(result.label == .normal)
        #expect(result.contributions.isEmpty)
    }

    @Test("many strong features do not overflow: the ratio stays finite")
    func noOverflow() {
        let features = (0..<2_000).map { "f\($0)" }
        var counts = TrainingCounts(documents: CategoryCounts(favorite: 1, normal: 1))
        for feature in features { counts.features[feature] = CategoryCounts(favorite: 1, normal: 0) }
        let result = NaiveBayes().classify(features: features, counts: counts)
        #expect(result.ratio.isFinite)
        #expect(result.label == .favorite)
    }
}
