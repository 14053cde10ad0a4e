import MeCab
import MirrorBot
import MirrorBotMeCab
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
}
