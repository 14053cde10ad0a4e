import Foundation
import MeCab
@testable import MirrorBot
import MirrorBotMeCab
@testable import PostFeatures
import Testing

/// `FeatureExtractor.features` with real MeCab against the feature path as it was before
/// its byte steps (issue 30, third pass), kept here as the reference: Foundation's NFKC, the
/// scan on `Character`s, every morpheme's fields as Strings, String's lowercasing and a
/// `Set<String>`. Over a seeded random corpus of Japanese, English and the characters each
/// fast step must leave to the slow one.
@Suite("FeatureExtractor: the same features as the String feature path, over a seeded random corpus")
struct FeatureExtractorDifferentialTests {
    static func referenceFeatures(_ tokenizer: MeCabFeatureTokenizer, text: String, author: String?) -> [String] {
        let post = PostText.scanCharacters(text.precomposedStringWithCompatibilityMapping)
        var features: [String] = []
        var seen: Set<String> = []
        func add(_ feature: String) {
            if seen.insert(feature).inserted { features.append(feature) }
        }
        for token in tokenizer.morphemes(post.plain) where token.partOfSpeech == "名詞" && token.subcategory != "数" {
            let surface = token.surface
            let counted = surface.contains(where: \.isLetter) && !(surface.count == 1 && surface.first?.isASCII == true)
                && !surface.allSatisfy({ $0 == "ー" || $0 == "〜" || $0 == "~" })
            if counted { add(surface.lowercased()) }
        }
        for tag in post.hashtags {
            add("#" + tag.lowercased())
        }
        if let name = FeatureExtractor.authorFeature(author) {
            add(name)
        }
        return features
    }

    @Test("3,000 seeded random posts: the same features, byte for byte, in the same order")
    func randomCorpus() throws {
        let tokenizer = MeCabFeatureTokenizer(try MeCabTokenizer(dictionaryPath: "/var/lib/mecab/dic/ipadic-utf8"))
        let extractor = FeatureExtractor(tokenizer: tokenizer)
        var random = SeededGenerator(seed: 30)
        let pieces = [
            "今日は", "東京で", "寿司を", "食べました", "。", "ラーメン", "最高", "猫", "と", "が", "図書館", "コーヒー", "珈琲",
            "Swift", "SWIFT", "swift", "Hello", "World", "it's", "a", "B", " ", "\n", "#", "@", ":", "&", "_", "42", "2026年",
            "#寿司", "#SwiftLang", "#123", "#タグ_1", "@naoty_k", "@Foo_Bar", "mail@example.com", "https://t.co/AbC", "HTTP://X.COM/y",
            "見てhttps://example.com/a?b=1", "ＳＷＩＦＴ", "ｶﾀｶﾅ", "＃ラーメン部", "\u{3000}", "ーー", "〜", "~", "ー", "①", "㍻",
            "ﬁle", "😀", "🍜", "e\u{301}", "é", "か\u{3099}", "が", "Ω", "ΣΊΣΥΦΟΣ", "İstanbul", "straße", "\r\n", "\t", "「引用」",
            "々", "〆切", "ヽ", "ゝ", "・", "Å", "A\u{30A}", "한국어", "中文", "١٢٣", "&#39;", "C#",
        ]
        let authors: [String?] = [nil, "", "naoty_k", "@Alice", " bob ", "Ünïcode", "\u{3000}eve", "ユーザー", "a\u{301}"]
        var withFeatures = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...16, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let author = authors.randomElement(using: &random) ?? nil
            let features = extractor.features(text: text, author: author)
            let reference = Self.referenceFeatures(tokenizer, text: text, author: author)
            #expect(features.map { Array($0.utf8) } == reference.map { Array($0.utf8) }, "\(text.debugDescription) by \(author.debugDescription)")
            if features.count > 2 { withFeatures += 1 }
        }
        #expect(withFeatures > 1_000, "the corpus gives posts with features")
    }
}
