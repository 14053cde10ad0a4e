import CoreTestSupport
import Foundation
import JSONLines
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
    /// 200 recent posts score 40 x log 3 (the liked) and 160 x 0.
    static func calibrated() -> TrainingCounts {
        var counts = Self.counts
        counts.sample = LikeShareSample(
            posts: CategoryCounts(favorite: 40, normal: 160), recent: 200,
            logThreshold: Calibration.logThreshold(
                favorite: Array(repeating: log(3.0), count: 40), normal: Array(repeating: 0, count: 160), share: 0.2,
                priorLogOdds: log(81.0 / 321.0)))
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
        // Each post weighs 0.2 / 40 = 0.8 / 160 = 0.005: the 40 liked weigh 0.2, and the first
        // score where the weight above plus half its own exceeds 0.2 is the 41st, 0; halfway
        // between it and the 40th, log 3: log 3 / 2 (-prior, log(321/81) = 1.38, is not between them).
        #expect(counts.sample.logThreshold == log(3.0) / 2)
        // prior = (40 + 0.5) / (160 + 0.5) = 81/321; threshold = 81/321 * sqrt(3) = 0.4371.
        let liked = rule.classify(features: ["寿司", "@author:alice"], counts: counts)
        #expect(Self.close(liked.threshold.value, 81.0 / 321.0 * 3.0.squareRoot()))
        #expect(liked.threshold.basis == .calibrated(share: 0.2, posts: 200, recent: 200))
        // ratio = 81/321 * 671/188 = 0.9006... > 0.4371
        #expect(Self.close(liked.ratio, 81.0 / 321.0 * 671.0 / 188.0))
        #expect(liked.label == .favorite)
        #expect(liked.strongest(toward: .favorite).map(\.feature) == ["@author:alice", "寿司"])
        // Without the author, with 仕事 and an unseen word: LR = 61/47 * (5/14) / (59/126) * 1 = 61/47 * 45/59;
        // ratio = 81/321 * 2745/2773 = 0.2498... <= 0.4371
        let normal = rule.classify(features: ["寿司", "仕事", "未知"], counts: counts)
        #expect(Self.close(normal.ratio, 81.0 / 321.0 * 2745.0 / 2773.0))
        #expect(normal.label == .normal)
        #expect(normal.strongest(toward: .normal).map(\.feature) == ["仕事"])
        #expect(liked.threshold.description
            == "calibrated: the human likes 20% of the 200 timeline posts learned; threshold 0.4371 (20% of 200 recent posts weighed by label)")
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

    @Test("the log threshold: liked posts weigh share / their number, the others (1 - share) / theirs", arguments: [
        (0.5, 1.5), (0.0, 2.5), (1.0, -Double.infinity), (0.1, 2.5), (0.3, 1.5), (0.8, 0.75), (0.05, 2.5),
    ])
    func weighed(share: Double, expected: Double) {
        // Liked 3 and 1, the others 2, 0.5 and -inf: from the highest 3 (f), 2 (n), 1 (f), 0.5 (n), -inf (n).
        // At 0.5 each liked post weighs 0.25, each other 1/6: at 3, 0 + 0.125; at 2, 0.25 + 1/12; at 1,
        // 0.25 + 1/6 + 0.125 = 0.54 > 0.5: 1 is held back, 3 and 2 above it weigh 0.42 (with 1: 0.67); the
        // threshold is halfway between 2 and 1, 1.5. At 0.3: 0.15 and 0.2333: at 1, 0.3833 + 0.075 > 0.3: 1.5.
        // At 0.8: 0.4 and 0.0667: at 0.5, 0.8667 + 0.0333 > 0.8: 0.75. At 0.1: at 2, 0.05 + 0.15 > 0.1: 2.5.
        // At 0, the liked weigh nothing: 2 is held back, 2.5. At 0.05: at 3, 0 + 0.0125 < 0.05, at 2,
        // 0.025 + 0.1583 > 0.05: 2.5. At 1: none held back, -inf.
        #expect(Calibration.logThreshold(favorite: [3, 1], normal: [2, 0.5, -.infinity], share: share, priorLogOdds: -100) == expected)
    }

    @Test("in a gap between the lowest score let through and the highest held back, the threshold is where the posterior odds are 1")
    func bayesInTheGap() {
        // Liked [9, 8], others [-3, -4] at 0.5: -3 is held back, 8 let through. -prior = 2 lies between: 2.
        #expect(Calibration.logThreshold(favorite: [9, 8], normal: [-3, -4], share: 0.5, priorLogOdds: -2) == 2)
        // -prior = 8 is not below 8, -prior = -3.5 not at or above -3: halfway, 2.5.
        #expect(Calibration.logThreshold(favorite: [9, 8], normal: [-3, -4], share: 0.5, priorLogOdds: -8) == 2.5)
        #expect(Calibration.logThreshold(favorite: [9, 8], normal: [-3, -4], share: 0.5, priorLogOdds: 3.5) == 2.5)
        // -prior = -3 is the held-back score itself: a threshold there lets the same through.
        #expect(Calibration.logThreshold(favorite: [9, 8], normal: [-3, -4], share: 0.5, priorLogOdds: 3) == -3)
    }

    @Test("ties and empty windows: never more than the share, and no threshold without the scores the share needs")
    func weighedEdges() {
        // Liked [2, 2], others [2, 1] at 0.5, each 0.25: at the third 2, 0.5 + 0.125 > 0.5: the threshold is 2, none above it.
        #expect(Calibration.logThreshold(favorite: [2, 2], normal: [2, 1], share: 0.5, priorLogOdds: -100) == 2)
        #expect(Calibration.logThreshold(favorite: [], normal: [2, 1], share: 0.5, priorLogOdds: 0) == nil)
        #expect(Calibration.logThreshold(favorite: [2], normal: [], share: 0.5, priorLogOdds: 0) == nil)
        #expect(Calibration.logThreshold(favorite: [], normal: [], share: 0.5, priorLogOdds: 0) == nil)
        // A human who liked none needs no liked post; one who liked all, no other.
        #expect(Calibration.logThreshold(favorite: [], normal: [2, 1], share: 0, priorLogOdds: -6) == 2)
        #expect(Calibration.logThreshold(favorite: [2, 1], normal: [], share: 1, priorLogOdds: 6) == -.infinity)
    }

    @Test("a post of the window is scored against the counts less itself, as a new post would be")
    func heldOut() {
        let pooled = PooledBayes()
        // "寿司 @author:alice", learned as favorite, left out: 1 favorite and 3 normal documents.
        // 寿司: totals 2, p = 3/6; fprob 1/1 and 1/3: (10 x 1/2 + 2) / 12 = 7/12 against (5 + 2/3) / 12 = 17/36.
        // @author:alice: never seen then, no pull. LR = 21/17.
        let score = pooled.heldOutLogLikelihoodRatio(features: ["寿司", "@author:alice"], learnedAs: .favorite, counts: Self.counts)
        #expect(Self.close(score ?? 0, log(21.0 / 17.0)))
        var without = Self.counts
        without.documents.favorite -= 1
        without.features["寿司"]?.favorite -= 1
        without.features["@author:alice"] = nil
        #expect(Self.close(score ?? 0, pooled.logLikelihoodRatio(features: ["寿司", "@author:alice"], counts: without) ?? 0))
        // "仕事", learned as normal, left out: 2 and 2 documents; 仕事 totals 1, p = 2/6, fprob 0 and 1/2:
        // (10/3) / 11 against (10/3 + 1/2) / 11: LR = 20/23.
        #expect(Self.close(pooled.heldOutLogLikelihoodRatio(features: ["仕事"], learnedAs: .normal, counts: Self.counts) ?? 0, log(20.0 / 23.0)))
        // The only post of its category: no evidence left.
        let alone = TrainingCounts(documents: CategoryCounts(favorite: 1, normal: 3), features: ["猫": CategoryCounts(favorite: 1)])
        #expect(pooled.heldOutLogLikelihoodRatio(features: ["猫"], learnedAs: .favorite, counts: alone) == nil)
    }

    @Test("a held-out score splits into the author's part and the words'; the words' scale weighs the words in the ratio")
    func evidenceParts() {
        let pooled = PooledBayes()
        // "寿司 @author:alice" left out (see heldOut): alice never seen then, 0; 寿司 log(21/17).
        let evidence = pooled.heldOutEvidence(features: ["寿司", "@author:alice"], learnedAs: .favorite, counts: Self.counts)
        #expect(evidence?.author == 0)
        #expect(Self.close(evidence?.words ?? 0, log(21.0 / 17.0)))
        #expect(Self.close(PooledBayes.Evidence(author: 2, words: -1).logRatio(textScale: 0.25), 1.75))
        // At scale 1/2 the calibrated ratio of 寿司 by alice is 81/321 * (61/47)^(1/2) * 11/4
        // (the words' part halved, the author's whole; at 1 it is 81/321 * 671/188, handComputed).
        var counts = Self.calibrated()
        counts.sample.textScale = 0.5
        let verdict = FavoriteRule(threshold: .auto).classify(features: ["寿司", "@author:alice"], counts: counts)
        #expect(Self.close(verdict.ratio, 81.0 / 321.0 * (61.0 / 47.0).squareRoot() * 11.0 / 4.0))
        #expect(Self.close(
            pooled.logLikelihoodRatio(features: ["寿司", "@author:alice"], counts: Self.counts, textScale: 0.5) ?? 0,
            0.5 * log(61.0 / 47.0) + log(11.0 / 4.0)))
        // A number is the seed's rule whatever the scale.
        #expect(FavoriteRule(threshold: .fixed(3.0)).classify(features: ["寿司", "@author:alice"], counts: counts)
            == NaiveBayes(threshold: 3.0).classify(features: ["寿司", "@author:alice"], counts: counts))
    }

    @Test("the calibration keeps the words' scale whose threshold lets through the most liked posts, 1 among equals")
    func textScaleChosen() {
        typealias Evidence = PooledBayes.Evidence
        // Share 1/3 of 2 liked and 4 others: each post weighs 1/6, the top two are let through.
        // Liked: author 3, words -2; others: words 2 (twice) and -1 (twice), no author.
        let liked = [Evidence(author: 3, words: -2), Evidence(author: 3, words: -2)]
        let others = [Evidence(words: 2), Evidence(words: 2), Evidence(words: -1), Evidence(words: -1)]
        // At 1: liked 1, others 2 and -1: the two others at 2 pass, 1 is held back: threshold 1.5, no liked post.
        // At 1/2: liked 2, others 1 and -0.5: both liked pass, 1 held back: 1.5, two liked. At 2: liked -1,
        // others 4: none. At 1/4: liked 2.5, others 0.5: two, as at 1/2, which comes first.
        #expect(Calibration.calibrate(favorite: liked, normal: others, share: 1.0 / 3, priorLogOdds: -100)
            == Calibration.Calibrated(logThreshold: 1.5, textScale: 0.5))
        #expect(Calibration.logThreshold(favorite: [1, 1], normal: [2, 2, -1, -1], share: 1.0 / 3, priorLogOdds: -100) == 1.5)
        // Where every scale lets through as many, 1; a post without evidence scores -inf at every scale.
        // Share 1/2, each post 1/4: 3 (liked), 0, -1, -inf (liked): -1 is held back, threshold -0.5.
        #expect(Calibration.calibrate(favorite: [Evidence(author: 3), nil], normal: [Evidence(words: 0), Evidence(author: -1)], share: 0.5, priorLogOdds: -100)
            == Calibration.Calibrated(logThreshold: -0.5, textScale: 1))
        #expect(Calibration.calibrate(favorite: [], normal: others, share: 0.5, priorLogOdds: 0) == nil)
    }

    @Test("the core's classifier over memory keeps the words' scale the calibration chose and classifies with it, as over Redis")
    func textScaleInMemory() async throws {
        // RedisClassifierCalibrationTests.textScaleInRedis's timeline.
        let classifier = InMemoryClassifier()
        try await classifier.train(labeled: CalibrationTimelines.authorCarriesLikes())
        let window = await classifier.store.window
        let sample = try await classifier.likeShareSample()
        let chosen = try #require(Calibration.calibrate(window, counts: await classifier.store.counts))
        #expect(sample.logThreshold == chosen.logThreshold && sample.textScale == chosen.textScale)
        #expect(sample.textScale < 1)
        // Classifying applies it: the ratio is exp(prior + author + scale x words).
        let features = classifier.extractor.features(text: "w1 w2 w3", author: "f1")
        let counts = try await classifier.counts(for: features)
        let verdict = try await classifier.classify(text: "w1 w2 w3", author: "f1")
        let logRatio = try #require(PooledBayes().logLikelihoodRatio(features: features, counts: counts, textScale: sample.textScale))
        #expect(Self.close(verdict.ratio, exp(sample.priorLogOdds + logRatio)))
        #expect(verdict.threshold.basis == .calibrated(share: sample.share ?? 0, posts: 1_200, recent: sample.recent))
    }

    @Test("the windows keep the last posts of each label; a liked post seen as normal leaves the normal window")
    func window() {
        var window = CalibrationWindow()
        window.learn(["会議"], as: .normal)
        window.learn(["猫"], as: .normal)
        window.learn(["猫"], as: .favorite, seenAsNormal: true)
        window.learn(["犬"], as: .favorite)
        #expect(window == CalibrationWindow(favorite: [["猫"], ["犬"]], normal: [["会議"]]))
        for index in 0..<(Calibration.windowLimit + 5) {
            window.learn(["仕事\(index)"], as: .normal)
        }
        #expect(window.normal.count == Calibration.windowLimit && window.normal.first == ["仕事5"] && window.favorite.count == 2)
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
