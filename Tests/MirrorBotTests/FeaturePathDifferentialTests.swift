import CoreTestSupport
import Foundation
import JSONLines
@testable import MirrorBot
@testable import PostFeatures
import Testing

/// The feature path's byte-level steps (issue 30, third pass) against the String and
/// `Character` steps they replace, kept here as references: every plain scalar alone and
/// beside its neighbours, and seeded random corpora.
@Suite("Feature path: byte steps give the String steps' results")
struct FeaturePathDifferentialTests {
    /// Every scalar `FeatureKey.forEachPlainScalar` accepts.
    static let plainScalars: [Unicode.Scalar] = (UInt32(0)...0x9FFF).compactMap { value in
        guard PostText.isOwnCompatibilityForm(value) else { return nil }
        return Unicode.Scalar(value)
    }

    /// Neighbours that combine, extend, join or case-map, to put around plain scalars.
    static let neighbours = ["", "a", "Z", "カ", "\u{3099}", "\u{301}", "\u{200D}", "ー", "\r", "\n", "😀", "İ", "ß"]

    /// The noun surface filter as it was, on `Character`s and String comparisons.
    static func referenceCountedSurface(_ surface: String) -> Bool {
        surface.contains(where: \.isLetter) && !(surface.count == 1 && surface.first?.isASCII == true)
            && !surface.allSatisfy({ $0 == "ー" || $0 == "〜" || $0 == "~" })
    }

    /// Distinct features as they were: a `Set<String>`, first kept.
    static func referenceDistinct(_ features: [String]) -> [String] {
        var seen: Set<String> = []
        return features.filter { seen.insert($0).inserted }
    }

    @Test("a plain scalar is its own NFC form, has no lowercase mapping but A-Z, and counts as a noun as Character says, alone and beside others")
    func plainScalars() {
        for scalar in Self.plainScalars {
            let alone = String(scalar)
            #expect(alone.precomposedStringWithCanonicalMapping.utf8.elementsEqual(alone.utf8), "U+\(String(scalar.value, radix: 16))")
            for neighbour in Self.neighbours {
                for text in [alone + neighbour, neighbour + alone, alone + alone + neighbour] {
                    if FeatureKey.isPlainNFC(text) {
                        #expect(text.precomposedStringWithCanonicalMapping.utf8.elementsEqual(text.utf8), "\(text.debugDescription)")
                    }
                    #expect(FeatureExtractor.lowercased(text).utf8.elementsEqual(text.lowercased().utf8), "\(text.debugDescription)")
                    #expect(FeatureExtractor.isCountedSurface(text) == Self.referenceCountedSurface(text), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test("distinct features equal a Set<String>'s, canonically equivalent spellings included, in 2,000 seeded random posts")
    func distinct() {
        var random = SeededGenerator(seed: 30)
        let words = ["寿司", "すし", "が", "か\u{3099}", "é", "e\u{301}", "Swift", "swift", "#tag", "#タグ", "@author:a", "ー", "", "Å", "A\u{30A}", "Ω", "Ω"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &random)
            let features = (0..<count).map { _ in words.randomElement(using: &random) ?? "" }
            let fast = FeatureExtractor.distinct(features)
            let reference = Self.referenceDistinct(features)
            #expect(fast.count == reference.count && zip(fast, reference).allSatisfy { $0.utf8.elementsEqual($1.utf8) }, "\(features)")
            #expect(FeatureExtractor.union([features, features.reversed()]).features.map { Array($0.utf8) }
                == Self.referenceDistinct(features + features.reversed()).map { Array($0.utf8) })
        }
    }

    @Test("the scan on scalars equals the scan on characters, in 20,000 seeded random posts")
    func scanPlain() {
        var random = SeededGenerator(seed: 300)
        let pieces = [
            "寿司", "ラーメン", "東京", "は", "。", "、", " ", "\n", "\t", "a", "Z", "_", "1", "42", "#", "@", ":", "&", "/", ".",
            "http://", "HTTPS://", "hTtP://", "https:/", "http", "#寿司", "#123", "#_", "#a_1", "@naoty_k", "@abcdefghijklmnopq",
            "mail@example.com", "&#39;", "C#", "ー", "〜", "~", "「", "」", "・", "〆", "々", "\r\n", "\r", "😀", "é", "e\u{301}",
            "か\u{3099}", "\u{3000}", "ＡＢ", "＃", "①", "١٢", "𝟙", "\u{200D}",
        ]
        var plainCount = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...14, using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let normalized = PostText.compatibilityNormalized(text)
            let reference = PostText.scanCharacters(normalized)
            if let fast = PostText.scanPlain(normalized) {
                plainCount += 1
                #expect(fast.plain.utf8.elementsEqual(reference.plain.utf8), "\(text.debugDescription)")
                #expect(fast.hashtags.map { Array($0.utf8) } == reference.hashtags.map { Array($0.utf8) }, "\(text.debugDescription)")
                #expect(fast.mentions.map { Array($0.utf8) } == reference.mentions.map { Array($0.utf8) }, "\(text.debugDescription)")
            }
            let scanned = PostText(scanning: text)
            #expect(scanned.plain.utf8.elementsEqual(reference.plain.utf8) || !normalized.contains(where: { "#@:".contains($0) }))
        }
        #expect(plainCount > 5_000, "the random posts exercise the scan on scalars")
    }

    @Test("NFKC of plain text is the text itself, as Foundation says")
    func compatibilityNormalizedPlain() {
        var random = SeededGenerator(seed: 3000)
        for _ in 0..<2_000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &random)).map { _ in
                Self.plainScalars.randomElement(using: &random) ?? "a"
            }))
            #expect(PostText.compatibilityNormalized(text).unicodeScalars.elementsEqual(text.precomposedStringWithCompatibilityMapping.unicodeScalars))
        }
    }

    /// The output line as it was: appended to one String.
    static func referenceLine(id: JSONValue, classification: Classification) -> String {
        var line = "{\"id\":"
        line += id.json
        line += ",\"label\":\""
        line += classification.label.rawValue
        line += "\",\"ratio\":"
        line += JSONValue.number(classification.ratio)
        line += ",\"threshold\":"
        line += JSONValue.number(classification.threshold.value)
        line += ",\"features\":["
        for (index, feature) in classification.features.enumerated() {
            if index > 0 { line += "," }
            JSONValue.appendQuoted(feature, to: &line)
        }
        line += "]}"
        return line
    }

    @Test("output lines appended as bytes equal the String lines, in 2,000 seeded random verdicts")
    func outputLines() {
        var random = SeededGenerator(seed: 30_000)
        let features = ["寿司", "a\"b", "back\\slash", "tab\t", "\u{2028}", "\u{2029}", "—", "😀", "\u{1}", "#タグ", "@author:x", "e\u{301}", ""]
        let ids: [JSONValue] = [.integer(1), .integer(-5), .unsigned(UInt64.max), .string("p\"1"), .double(1.5), .string("")]
        var batch: [UInt8] = []
        var referenceBatch: [String] = []
        for _ in 0..<2_000 {
            let verdict = Classification(
                label: Bool.random(using: &random) ? .favorite : .normal,
                ratio: [0, 1, 2744.9477596347165, 1e300, Double.random(in: 0...10, using: &random)].randomElement(using: &random) ?? 0,
                features: (0..<Int.random(in: 0...8, using: &random)).map { _ in features.randomElement(using: &random) ?? "" },
                contributions: [],
                threshold: .fixed(Double.random(in: 0...5, using: &random)))
            let id = ids.randomElement(using: &random) ?? .null
            let reference = Self.referenceLine(id: id, classification: verdict)
            #expect(ClassificationJSONL.line(id: id, classification: verdict).utf8.elementsEqual(reference.utf8))
            if !batch.isEmpty { batch.append(UInt8(ascii: "\n")) }
            ClassificationJSONL.append(id: id, classification: verdict, to: &batch)
            referenceBatch.append(reference)
        }
        #expect(batch == Array(referenceBatch.joined(separator: "\n").utf8))
    }
}

