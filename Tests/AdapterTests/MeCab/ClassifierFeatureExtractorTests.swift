import MeCab
import MirrorBot
import MirrorBotMeCab
import PostFeatures
import Testing

@Suite("FeatureExtractor: nouns, hashtags and the author, with real MeCab")
struct ClassifierFeatureExtractorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var author: String?
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Japanese nouns, then the author", text: "今日は東京で寿司を食べました。", author: "naoty_k",
             expected: ["今日", "東京", "寿司", "@author:naoty_k"]),
        Case(name: "English words are nouns, lowercased", text: "Hello World! Swift is great.", author: "Alice",
             expected: ["hello", "world", "swift", "is", "great", "@author:alice"]),
        Case(name: "full-width letters are the same word", text: "ＳＷＩＦＴとSwiftとswift", author: nil,
             expected: ["swift"]),
        Case(name: "each feature once per post", text: "猫と猫と猫", author: "cat",
             expected: ["猫", "@author:cat"]),
        Case(name: "hashtags are one feature each, lowercased, after the nouns", text: "#SwiftLang と #寿司 が好き", author: "a",
             expected: ["好き", "#swiftlang", "#寿司", "@author:a"]),
        Case(name: "a full-width ＃ starts a hashtag", text: "＃ラーメン部 最高", author: nil,
             expected: ["最高", "#ラーメン部"]),
        Case(name: "not hashtags: C#, digits only, an HTML entity", text: "C#と#123と&#39;", author: nil,
             expected: []),
        Case(name: "URLs are removed", text: "記事 https://t.co/AbC123 と HTTP://EXAMPLE.COM/x を読んだ", author: nil,
             expected: ["記事"]),
        Case(name: "a URL right after Japanese text is removed", text: "見てhttps://example.com/a?b=1", author: nil,
             expected: []),
        Case(name: "mentions are dropped", text: "@naoty_k @Foo_Bar ラーメン行こう", author: "bob",
             expected: ["ラーメン", "@author:bob"]),
        Case(name: "a name longer than 15 characters is no mention", text: "@abcdefghijklmnopqrst です", author: nil,
             expected: ["abcdefghijklmnopqrst"]),
        Case(name: "an e-mail address is not a mention, and its punctuation is dropped", text: "mail@example.com", author: nil,
             expected: ["mail", "example", "com"]),
        Case(name: "emoji and symbols are dropped", text: "🍣🍣🍣 最高😂👍 ★☆♪", author: nil,
             expected: ["最高"]),
        Case(name: "numbers, punctuation and single letters are noise", text: "C++ 3.14 (2024/11/30) it's 12:30 ー", author: nil,
             expected: ["it"]),
        Case(name: "no nouns: only the author", text: "ありがとう！", author: "bob",
             expected: ["@author:bob"]),
        Case(name: "empty text, no author", text: "", author: nil,
             expected: []),
        Case(name: "the author's @ and case are ignored", text: "", author: " @Naoty_K ",
             expected: ["@author:naoty_k"]),
    ]

    static let extractor: FeatureExtractor? = {
        (try? MeCabFeatureTokenizer(dictionaryPath: "/var/lib/mecab/dic/ipadic-utf8")).map { FeatureExtractor(tokenizer: $0) }
    }()

    @Test("features of a post", arguments: cases)
    func features(of example: Case) throws {
        let extractor = try #require(Self.extractor)
        #expect(extractor.features(text: example.text, author: example.author) == example.expected)
    }

    @Test("an empty author gives no author feature")
    func emptyAuthor() {
        #expect(FeatureExtractor.authorFeature("") == nil)
        #expect(FeatureExtractor.authorFeature("@") == nil)
        #expect(FeatureExtractor.authorFeature(nil) == nil)
    }
}
