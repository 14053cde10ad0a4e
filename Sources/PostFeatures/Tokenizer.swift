/// Segments text into morphemes for `FeatureExtractor`. The MeCab adapter
/// (`MirrorBotMeCab`) is the real one; tests may script their own.
public protocol Tokenizer: Sendable {
    func morphemes(_ text: String) -> [Token]

    /// The surfaces of the morphemes whose part of speech is 名詞 and whose subcategory is not
    /// 数, in order: the nouns `FeatureExtractor` considers. By default `morphemes` filtered;
    /// the MeCab adapter reads the part of speech from MeCab's bytes and copies only these.
    func nounSurfaces(_ text: String) -> [String]
}

extension Tokenizer {
    public func nounSurfaces(_ text: String) -> [String] {
        morphemes(text).filter(FeatureExtractor.isCountedPartOfSpeech).map(\.surface)
    }
}

/// One morpheme: its text and its part of speech (ipadic's first two fields).
public struct Token: Sendable, Hashable {
    public var surface: String
    /// 名詞, 動詞, 助詞, 記号, ...
    public var partOfSpeech: String
    /// 一般, 固有名詞, 数, ... when the dictionary gives one.
    public var subcategory: String?

    public init(surface: String, partOfSpeech: String, subcategory: String? = nil) {
        self.surface = surface
        self.partOfSpeech = partOfSpeech
        self.subcategory = subcategory
    }
}
