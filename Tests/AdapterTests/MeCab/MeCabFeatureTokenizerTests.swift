import MeCab
import MirrorBot
import MirrorBotMeCab
import PostFeatures
import Testing

@Suite("MeCabFeatureTokenizer reads the first two feature fields as Morpheme does (issue 30)")
struct MeCabFeatureTokenizerTests {
    static let texts = [
        "今日は東京で寿司を食べました。", "Hello World! Swift is great.", "ＳＷＩＦＴとｶﾀｶﾅ", "C#と#123と&#39;",
        "ラーメン🍜最高！！", "ーーー〜〜", "2026年12月2日 3時", "a", " ", "寿司,ラーメン\t\"引用\"",
    ]

    @Test("surfaces, parts of speech and subcategories equal the full CSV's fields", arguments: texts)
    func sameAsMorphemes(text: String) throws {
        let mecab = try MeCabTokenizer(dictionaryPath: "/var/lib/mecab/dic/ipadic-utf8")
        let expected = mecab.tokenize(text).map {
            Token(surface: $0.surface, partOfSpeech: $0.partOfSpeech, subcategory: $0.subcategory)
        }
        let tokens = MeCabFeatureTokenizer(mecab).morphemes(text)
        #expect(tokens == expected)
        #expect(text == " " || !tokens.isEmpty)
    }

    @Test("nounSurfaces, filtered on MeCab's bytes, equals the morphemes filtered as Tokens (issue 30)", arguments: texts)
    func nounSurfacesSameAsFilteredMorphemes(text: String) throws {
        let tokenizer = MeCabFeatureTokenizer(try MeCabTokenizer(dictionaryPath: "/var/lib/mecab/dic/ipadic-utf8"))
        let expected = tokenizer.morphemes(text).filter { $0.partOfSpeech == "名詞" && $0.subcategory != "数" }.map(\.surface)
        #expect(tokenizer.nounSurfaces(text) == expected)
        if text.hasPrefix("今日は東京") { #expect(expected == ["今日", "東京", "寿司"]) }
        if text.hasPrefix("2026年") { #expect(!expected.contains("2026")) }
    }
}
