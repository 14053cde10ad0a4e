import CoreTestSupport
import Foundation
import JSONLines
@testable import MirrorBot
@testable import PostFeatures
import Testing

/// The feature path's fourth pass (issue 30) against the code each step replaces, kept here as
/// references: the counts keyed by bytes against `[String: CategoryCounts]`, the plain-text test
/// by lead bytes against the scalar decoder, NFKC's mapping on bytes against the scalar loop and
/// Foundation, the author test against the prefix test on the UTF-8 view.
@Suite("Feature path: the fourth pass's byte steps give the steps' results they replace")
struct FeatureBytesDifferentialTests {
    /// Spellings that are equal Strings on different bytes, and neighbours that are not plain.
    static let words = [
        "寿司", "すし", "が", "か\u{3099}", "é", "e\u{301}", "Swift", "swift", "#tag", "#タグ", "@author:a", "ー", "", "Å", "A\u{30A}",
        "Ω", "Ω", "豈", "豈", "ｱ", "😀",
    ]

    @Test("FeatureDictionary gives what [String: CategoryCounts] gives, canonically equivalent keys included, over 2,000 seeded random edits")
    func featureDictionary() {
        var random = SeededGenerator(seed: 31)
        for round in 0..<2_000 {
            let keys = (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.words.randomElement(using: &random) ?? "" }
            var fast = round.isMultiple(of: 2)
                ? FeatureDictionary<CategoryCounts>(minimumCapacity: keys.count, keys: keys) : FeatureDictionary<CategoryCounts>()
            var reference: [String: CategoryCounts] = [:]
            for key in keys {
                let value: CategoryCounts? = Int.random(in: 0..<5, using: &random) == 0
                    ? nil : CategoryCounts(favorite: Int.random(in: 0...3, using: &random), normal: Int.random(in: 0...3, using: &random))
                fast[key] = value
                reference[key] = value
            }
            for word in Self.words {
                #expect(fast[word] == reference[word], "\(keys) \(word.debugDescription)")
            }
            #expect(fast.dictionary == reference && fast.count == reference.count)
            #expect(fast == FeatureDictionary(reference))
            var counts = TrainingCounts(features: reference)
            #expect(counts.features == reference)
            counts.learn(Array(Set(keys)), as: .favorite, takingBack: true)
            var referenceCounts = reference
            for key in Set(keys) {
                referenceCounts[key, default: CategoryCounts()].favorite += 1
                referenceCounts[key, default: CategoryCounts()].normal = max(0, (referenceCounts[key]?.normal ?? 0) - 1)
            }
            #expect(counts.features == referenceCounts)
        }
    }

    @Test("the plain-text test on lead bytes accepts what the scalar decoder accepts, every scalar below U+10000 alone and beside others")
    func plainByLeadBytes() {
        let neighbours = ["", "a", "カ", "寿", "\u{3099}", "\u{301}", "é", "😀", "\u{3000}", "？"]
        for value in UInt32(0)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for neighbour in neighbours {
                for text in [String(scalar), String(scalar) + neighbour, neighbour + String(scalar)] {
                    #expect(FeatureKey.isPlainNFC(text) == FeatureKey.forEachPlainScalar(text) { _ in }, "\(text.debugDescription)")
                }
            }
        }
    }

    /// NFKC as the third pass made it: the scalar loop.
    static func referenceCompatibilityNormalized(_ text: String) -> String {
        if FeatureKey.forEachPlainScalar(text, { _ in }) { return text }
        var mapped = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3000, 0xFF01...0xFF5E: mapped = true
            case _ where PostText.isOwnCompatibilityForm(scalar.value): continue
            default: return text.precomposedStringWithCompatibilityMapping
            }
        }
        guard mapped else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3000: result.append(" ")
            case 0xFF01...0xFF5E: result.append(Unicode.Scalar(UInt8(scalar.value - 0xFEE0)))
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    @Test("NFKC with full-width forms mapped on bytes equals the scalar loop and Foundation, in 5,000 seeded random posts")
    func compatibilityMapped() {
        var random = SeededGenerator(seed: 310)
        let pieces = ["寿司", "かな", "ラーメン", "。", "a", "Z", " ", "\u{3000}", "？", "！", "ＡＢ", "ｚ", "～", "＃", "＠", "（", "\u{FF5F}", "ｱ", "①", "か\u{3099}", "é", "😀", "\u{302A}"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let fast = PostText.compatibilityNormalized(text)
            #expect(fast.utf8.elementsEqual(Self.referenceCompatibilityNormalized(text).utf8), "\(text.debugDescription)")
            #expect(fast.utf8.elementsEqual(text.precomposedStringWithCompatibilityMapping.utf8), "\(text.debugDescription)")
        }
    }

    /// The author test as the third pass made it: the prefix on the UTF-8 view, then the `:`'s character.
    static func referenceIsAuthor(_ feature: String) -> Bool {
        let prefix = FeatureExtractor.authorPrefix.utf8
        guard feature.utf8.first == UInt8(ascii: "@"), feature.utf8.starts(with: prefix) else { return false }
        let colon = feature.utf8.index(feature.utf8.startIndex, offsetBy: prefix.count - 1)
        return feature[colon...].first?.utf8.count == 1
    }

    @Test("the author test on contiguous bytes equals the prefix test, ASCII, combining marks and joiners after the colon")
    func author() {
        let tails = ["", "a", "naoty_k", "\u{301}", "\u{301}x", "\u{200D}", "\u{FE0F}", "é", "寿司", "\r", "\n", ":", "😀", "\u{0903}"]
        let heads = ["@author:", "@author", "@autho:", "@Author:", "＠author:", "author:", "@author：", "#author:", "@", ""]
        for head in heads {
            for tail in tails {
                let feature = head + tail
                #expect(FeatureExtractor.isAuthorFeature(feature) == Self.referenceIsAuthor(feature), "\(feature.debugDescription)")
                #expect(PooledBayes.isAuthor(feature) == Self.referenceIsAuthor(feature))
            }
        }
        #expect(FeatureExtractor.isAuthorFeature("@author:alice") && !FeatureExtractor.isAuthorFeature("@author:\u{301}"))
    }

    @Test("a quoted string is escaped exactly when it holds a quote, a backslash, a control character, U+2028 or U+2029, and reads back as itself")
    func quoted() throws {
        var random = SeededGenerator(seed: 3100)
        let pieces = ["寿司", "a", "\"", "\\", "\n", "\u{1}", "\u{1F}", " ", "\u{2028}", "\u{2029}", "\u{2027}", "—", "😀", "é", "/"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            var bytes: [UInt8] = []
            JSONValue.appendQuoted(text, to: &bytes)
            let special = text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x2028 || $0.value == 0x2029 }
            #expect((bytes == Array(("\"" + text + "\"").utf8)) == !special, "\(text.debugDescription)")
            let decoded = try JSONDecoder().decode(String.self, from: Data(bytes))
            #expect(decoded.utf8.elementsEqual(text.utf8), "\(text.debugDescription)")
        }
    }

    @Test("a verdict's contributions, given in the post's order, read sorted as the rules sorted them, and compare so")
    func contributionsSortedWhenRead() {
        var random = SeededGenerator(seed: 3101)
        let words = ["寿司", "仕事", "猫", "@author:alice", "#タグ", "未知", "e\u{301}"]
        for _ in 0..<500 {
            var counts = TrainingCounts(documents: CategoryCounts(favorite: Int.random(in: 0...40, using: &random), normal: Int.random(in: 0...40, using: &random)))
            for word in words where Bool.random(using: &random) {
                counts.features[word] = CategoryCounts(favorite: Int.random(in: 0...9, using: &random), normal: Int.random(in: 0...9, using: &random))
            }
            let features = (0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
            let seed = NaiveBayes(threshold: 1).classify(features: features, counts: counts)
            let pooled = PooledBayes().contributions(features: features, counts: counts)
            #expect(seed.contributions == NaiveBayes.strongestFirst(seed.contributions))
            #expect(seed.contributions.map(\.feature).sorted() == features.sorted())
            let rule = FavoriteRule(threshold: .fixed(1)).classify(features: features, counts: counts)
            #expect(rule == seed)
            var verdict = Classification(label: .normal, ratio: 0, features: features, contributionsInPostOrder: pooled, threshold: .fixed(1))
            let sorted = NaiveBayes.strongestFirst(pooled)
            #expect(verdict.contributions == sorted)
            #expect(verdict == Classification(label: .normal, ratio: 0, features: features, contributions: sorted, threshold: .fixed(1)))
            verdict.contributions = pooled
            #expect(verdict.contributions == pooled)
        }
    }

    @Test("a batch's union with positions: distinct of all its features, each position naming an equal feature, and the rules' verdicts by position equal theirs by lookup")
    func unionPositions() {
        var random = SeededGenerator(seed: 3102)
        for round in 0..<1_000 {
            let pool = round.isMultiple(of: 3) ? Self.words : Self.words.filter(FeatureKey.isPlainNFC)
            let posts = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                FeatureExtractor.distinct((0..<Int.random(in: 0...8, using: &random)).map { _ in pool.randomElement(using: &random) ?? "" })
            }
            let union = FeatureExtractor.union(posts)
            #expect(union.features.map { Array($0.utf8) } == FeatureExtractor.distinct(Array(posts.joined())).map { Array($0.utf8) })
            #expect(union.positions.map(\.count) == posts.map(\.count))
            for (post, positions) in zip(posts, union.positions) {
                #expect(zip(post, positions).allSatisfy { $0 == union.features[$1] })
            }
            var counts = TrainingCounts(documents: CategoryCounts(favorite: 7, normal: 20))
            for feature in union.features where Bool.random(using: &random) {
                counts.features[feature] = CategoryCounts(favorite: Int.random(in: 0...5, using: &random), normal: Int.random(in: 0...9, using: &random))
            }
            let unionCounts = union.features.map { counts.counts(of: $0) }
            for (post, positions) in zip(posts, union.positions) {
                for rule in [FavoriteRule(threshold: .fixed(2)), FavoriteRule(threshold: .auto)] {
                    #expect(rule.classify(features: post, counts: counts, featureCounts: positions.map { unionCounts[$0] })
                        == rule.classify(features: post, counts: counts))
                }
            }
        }
    }
}
