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

    /// Each morpheme's surface and the first two fields of its feature CSV, read from
    /// MeCab's bytes: the rest of the CSV (reading, base form, ...) is never copied.
    public func morphemes(_ text: String) -> [Token] {
        mecab.tokenize(text) { surface, feature in
            let (partOfSpeech, subcategory) = Self.firstTwoFields(feature)
            return Token(surface: String(decoding: surface, as: UTF8.self), partOfSpeech: partOfSpeech, subcategory: subcategory)
        }
    }

    /// The feature CSV's first field, and its second when there is a comma (as `Morpheme`'s
    /// `partOfSpeech` and `subcategory` read them).
    static func firstTwoFields(_ feature: UnsafePointer<CChar>) -> (String, String?) {
        let comma = CChar(UInt8(ascii: ","))
        var end = 0
        while feature[end] != 0, feature[end] != comma { end += 1 }
        let first = String(decoding: UnsafeRawBufferPointer(start: feature, count: end), as: UTF8.self)
        guard feature[end] == comma else { return (first, nil) }
        let start = end + 1
        end = start
        while feature[end] != 0, feature[end] != comma { end += 1 }
        return (first, String(decoding: UnsafeRawBufferPointer(start: feature + start, count: end - start), as: UTF8.self))
    }
}
