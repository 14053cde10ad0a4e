import MeCab
import MirrorBot

/// The core's `Tokenizer` over MeCab with a real dictionary.
public struct MeCabFeatureTokenizer: Tokenizer {
    public let mecab: MeCabTokenizer

    public init(_ mecab: MeCabTokenizer) {
        self.mecab = mecab
    }

    /// Opens MeCab on `dictionaryPath` (nil: the system dictionary, see `MeCabDictionary`).
    public init(dictionaryPath: String?) throws {
        self.init(try MeCabTokenizer(dictionaryPath: dictionaryPath))
    }

    public func morphemes(_ text: String) -> [Token] {
        mecab.tokenize(text).map { Token(surface: $0.surface, partOfSpeech: $0.partOfSpeech, subcategory: $0.subcategory) }
    }
}
