import Foundation
import MirrorBot
import Testing

@Suite("FAVORITE_RATE_THRESHOLD=auto: the calibration, checked against hand-computed fractions")
struct ClassifierCalibrationTests {
    /// The counts of `ClassifierNaiveBayesTests`: two favorite documents, three normal.
    ///
    ///     favorite: 寿司 @author:alice   |   favorite: 寿司 ラーメン
    ///     normal:   仕事                 |   normal:   仕事   |   normal: 寿司
    static let counts = ClassifierNaiveBayesTests.counts

    /// `counts` with a like-share sample of 40 liked and 160 other timeline posts, whose
    /// 200 recent scores are 40 x log 10 and 160 x log 2.
    static func calibrated() -> TrainingCounts {
        var counts = Self.counts
        let recent = Array(repeating: log(10.0), count: 40) + Array(repeating: log(2.0), count: 160)
        counts.sample = LikeShareSample(
            posts: CategoryCounts(favorite: 40, normal: 160), recent: recent.count,
            logThreshold: Calibration.logThreshold(recent: recent, share: 0.2))
        return counts
    }

    static func close(_ actual: Double, _ expected: Double) -> Bool {
        ClassifierNaiveBayesTests.close(actual, expected)
    }

    @Test("the pooled weighted probability, feature by feature: weight 1 for the author, 10 for a word")
    func pooledWeighted() {
        let pooled = PooledBayes()
        let documents = Self.counts.documents
        #expect(pooled.weight(of: "@author:alice") == 1 && pooled.weight(of: "寿司") == 10 && pooled.weight(of: "#sushi") == 10)
        func weighted(_ feature: String, _ category: ClassifierCategory) -> Double {
            pooled.weightedProbability(Self.counts.counts(of: feature), in: category, documents: documents, weight: pooled.weight(of: feature))
        }
        // 5 documents. 寿司 (a word, weight 10): totals 3, p = (3 + 1) / (5 + 2) = 4/7; fprob 2/2 = 1 and 1/3.
        // weighted(fav) = (10 * 4/7 + 3 * 1) / (10 + 3) = 61/91; weighted(normal) = (40/7 + 1) / 13 = 47/91.
        #expect(Self.close(pooled.assumedProbability(Self.counts.counts(of: "寿司"), documents: documents), 4.0 / 7.0))
        #expect(Self.close(weighted("寿司", .favorite), 61.0 / 91.0))
        #expect(Self.close(weighted("寿司", .normal), 47.0 / 91.0))
        // The same counts at weight 1 (the author's): (4/7 + 3) / 4 = 25/28 and (4/7 + 1) / 4 = 11/28.
        #expect(Self.close(pooled.weightedProbability(Self.counts.counts(of: "寿司"), in: .favorite, documents: documents, weight: 1), 25.0 / 28.0))
        // @author:alice (weight 1): totals 1, p = 2/7; fprob 1/2 and 0: (2/7 + 1/2) / 2 = 11/28 and (2/7) / 2 = 1/7.
        #expect(Self.close(weighted("@author:alice", .favorite), 11.0 / 28.0))
        #expect(Self.close(weighted("@author:alice", .normal), 1.0 / 7.0))
        // 仕事 (weight 10): totals 2, p = 3/7; fprob 0 and 2/3: (30/7) / 12 = 5/14 and (30/7 + 4/3) / 12 = 59/126.
        #expect(Self.close(weighted("仕事", .favorite), 5.0 / 14.0))
        #expect(Self.close(weighted("仕事", .normal), 59.0 / 126.0))
        // Never seen: p = 1/7 in both, no pull.
        #expect(weighted("未知", .favorite) == weighted("未知", .normal))
        // log LR of 寿司 + alice = log(61/47 * 11/4) = log(671/188).
        #expect(Self.close(pooled.logLikelihoodRatio(features: ["寿司", "@author:alice"], counts: Self.counts) ?? 0, log(671.0 / 188.0)))
        #expect(pooled.logLikelihoodRatio(features: [], counts: Self.counts) == nil)
        #expect(pooled.logLikelihoodRatio(features: ["寿司"], counts: TrainingCounts(documents: CategoryCounts(favorite: 3))) == nil)
    }

    @Test("a hand-computed calibration: the human likes 20%, the threshold lets the top 20% through")
    func handComputed() {
        let rule = FavoriteRule(threshold: .auto)
        let counts = Self.calibrated()
        // k = round(0.2 * 200) = 40: the 41st highest recent score, log 2, is the log threshold.
        #expect(counts.sample.logThreshold == log(2.0))
        // prior = (40 + 0.5) / (160 + 0.5) = 81/321; threshold = 81/321 * 2 = 162/321.
        let liked = rule.classify(features: ["寿司", "@author:alice"], counts: counts)
        #expect(Self.close(liked.threshold.value, 162.0 / 321.0))
        #expect(liked.threshold.basis == .calibrated(share: 0.2, posts: 200, recent: 200))
        // ratio = 81/321 * 671/188 = 0.9006... > 0.5047
        #expect(Self.close(liked.ratio, 81.0 / 321.0 * 671.0 / 188.0))
        #expect(liked.label == .favorite)
        #expect(liked.strongest(toward: .favorite).map(\.feature) == ["@author:alice", "寿司"])
        // Without the author, with 仕事 and an unseen word: LR = 61/47 * (5/14) / (59/126) * 1 = 61/47 * 45/59;
        // ratio = 81/321 * 2745/2773 = 0.2498... <= 0.5047
        let normal = rule.classify(features: ["寿司", "仕事", "未知"], counts: counts)
        #expect(Self.close(normal.ratio, 81.0 / 321.0 * 2745.0 / 2773.0))
        #expect(normal.label == .normal)
        #expect(normal.strongest(toward: .normal).map(\.feature) == ["仕事"])
        #expect(liked.threshold.description
            == "calibrated: the human likes 20% of the 200 timeline posts learned; threshold 0.5047 (the top 20% of the last 200)")
        // No features: no evidence, ratio 0, with the same threshold in force.
        let empty = rule.classify(features: [], counts: counts)
        #expect(empty.ratio == 0 && empty.label == .normal && empty.threshold == liked.threshold)
    }

    @Test("recent scores of an older formula (an upgraded store) do not calibrate: the seed's rule until scored anew")
    func olderFormula() {
        var counts = Self.calibrated()
        counts.sample.formula = 1
        let features = ["寿司", "@author:alice"]
        let verdict = FavoriteRule(threshold: .auto).classify(features: features, counts: counts)
        var expected = NaiveBayes(threshold: 3.0).classify(features: features, counts: counts)
        expected.threshold = ThresholdInForce(value: 3.0, basis: .rescoring(needed: 200))
        #expect(verdict == expected)
        #expect(verdict.threshold.description
            == "fallback: the recent scores are an older version's; the seed's 3.0 until 200 timeline posts are scored anew")
        // Without recent scores there is nothing to rescore: the ordinary fallback.
        counts.sample.recent = 0
        #expect(FavoriteRule(threshold: .auto).classify(features: features, counts: counts).threshold.basis == .fallback(posts: 0, needed: 200))
    }

    @Test("the log threshold lets floor(share x n + 0.5) of the recent scores through", arguments: [
        (0.4, 1.0), (0.5, 0.5), (0.0, 3.0), (1.0, -Double.infinity), (0.05, 3.0), (0.1, 2.0), (0.3, 1.0),
    ])
    func quantile(share: Double, expected: Double) {
        // Sorted from highest: 3, 2, 1, 0.5, -inf; k = floor(share * 5 + 0.5).
        #expect(Calibration.logThreshold(recent: [0.5, 2, -.infinity, 3, 1], share: share) == expected)
    }

    @Test("ties and an empty list: never more than the share, and no threshold without scores")
    func quantileEdges() {
        // k = 1 of [2, 2, 2, 1]: the threshold is 2, and no score lies strictly above it.
        #expect(Calibration.logThreshold(recent: [2, 1, 2, 2], share: 0.25) == 2)
        #expect(Calibration.logThreshold(recent: [], share: 0.5) == nil)
    }

    @Test("counting a post in memory as the training script counts it in Redis")
    func countsLearn() {
        var counts = Self.counts
        counts.learn(["寿司", "会議"], as: .normal, takingBack: false)
        #expect(counts.documents == CategoryCounts(favorite: 2, normal: 4))
        #expect(counts.counts(of: "寿司") == CategoryCounts(favorite: 2, normal: 2))
        #expect(counts.counts(of: "会議") == CategoryCounts(favorite: 0, normal: 1))
        // A favorite takes one back from normal: the document and each feature, never below zero.
        counts.learn(["仕事", "ラーメン"], as: .favorite, takingBack: true)
        #expect(counts.documents == CategoryCounts(favorite: 3, normal: 3))
        #expect(counts.counts(of: "仕事") == CategoryCounts(favorite: 1, normal: 1))
        #expect(counts.counts(of: "ラーメン") == CategoryCounts(favorite: 2, normal: 0))
    }

    @Test("the prior is the human's like odds, finite when they liked none or all")
    func prior() {
        #expect(Self.close(LikeShareSample(posts: CategoryCounts(favorite: 40, normal: 160)).priorLogOdds, log(81.0 / 321.0)))
        #expect(LikeShareSample(posts: CategoryCounts(favorite: 0, normal: 300)).priorLogOdds.isFinite)
        #expect(LikeShareSample(posts: CategoryCounts(favorite: 300, normal: 0)).priorLogOdds.isFinite)
        #expect(LikeShareSample().share == nil)
    }

    @Test("while the evidence is thin, auto is the seed's rule at 3.0, and says so", arguments: [0, 1, 199])
    func fallback(recent: Int) {
        var counts = Self.calibrated()
        counts.sample.recent = recent
        let seed = NaiveBayes(threshold: 3.0)
        for features in [["寿司", "@author:alice"], ["寿司", "仕事", "@author:alice", "未知"], []] {
            let verdict = FavoriteRule(threshold: .auto).classify(features: features, counts: counts)
            let expected = seed.classify(features: features, counts: counts)
            #expect(verdict.ratio == expected.ratio)
            #expect(verdict.label == expected.label)
            #expect(verdict.contributions == expected.contributions)
            #expect(verdict.threshold == ThresholdInForce(value: 3.0, basis: .fallback(posts: recent, needed: 200)))
        }
        // 28/9 > 3, as the seed decided.
        #expect(FavoriteRule(threshold: .auto).classify(features: ["寿司", "@author:alice"], counts: counts).label == .favorite)
        #expect(FavoriteRule(threshold: .auto).classify(features: [], counts: counts).threshold.description
            == "fallback: only \(recent) timeline posts learned; the seed's 3.0 until 200")
    }

    @Test("an explicit number is the seed's rule to the last digit, whatever the sample says", arguments: [2.0, 3.0, 3.2, 0.0])
    func fixed(value: Double) {
        for counts in [Self.counts, Self.calibrated()] {
            for features in [["寿司", "@author:alice"], ["寿司", "仕事", "@author:alice", "未知"], ["ラーメン"], []] {
                let verdict = FavoriteRule(threshold: .fixed(value)).classify(features: features, counts: counts)
                let seed = NaiveBayes(threshold: value).classify(features: features, counts: counts)
                #expect(verdict == seed)
                #expect(verdict.ratio.bitPattern == seed.ratio.bitPattern)
                #expect(JSONValue.number(verdict.ratio) == JSONValue.number(seed.ratio))
                #expect(verdict.threshold == .fixed(value))
                #expect(verdict.isFavorite == (verdict.ratio > value))
            }
        }
        // The seed's 28/9, printed as the seed printed it.
        let verdict = FavoriteRule(threshold: .fixed(value)).classify(features: ["寿司", "@author:alice"], counts: Self.counts)
        #expect(Self.close(verdict.ratio, 28.0 / 9.0))
        #expect(verdict.threshold.description == "fixed: FAVORITE_RATE_THRESHOLD=\(value)")
    }

    @Test("FAVORITE_RATE_THRESHOLD's values: auto in any case, or a number of at least 0")
    func parsing() {
        #expect(FavoriteThreshold("auto") == .auto)
        #expect(FavoriteThreshold("AUTO") == .auto)
        #expect(FavoriteThreshold("3.0") == .fixed(3.0))
        #expect(FavoriteThreshold("2") == .fixed(2.0))
        #expect(FavoriteThreshold("0") == .fixed(0))
        for bad in ["-1", "high", "nan", "inf", ""] {
            #expect(FavoriteThreshold(bad) == nil, "\(bad)")
        }
    }

    @Test("percentages and numbers in the explanations")
    func formatting() {
        #expect(ThresholdInForce.percent(0.0476) == "4.8%")
        #expect(ThresholdInForce.percent(0.5) == "50%")
        #expect(ThresholdInForce.percent(0.0031) == "0.31%")
        #expect(ThresholdInForce.percent(0) == "0%")
        #expect(ThresholdInForce.format(0.18432) == "0.1843")
        #expect(ThresholdInForce.format(3) == "3")
    }
}
