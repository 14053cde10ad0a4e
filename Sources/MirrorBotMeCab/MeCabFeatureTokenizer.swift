import MeCab
import MirrorBot
import PostFeatures

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

    /// The nouns' surfaces, filtered on MeCab's bytes: a morpheme whose feature CSV does not
    /// begin with the field 名詞, or whose second field is 数, is skipped without a copy.
    public func nounSurfaces(_ text: String) -> [String] {
        mecab.surfaces(text, where: Self.isCountedNoun)
    }

    /// The first field is exactly 名詞 and the second, if any, is not exactly 数 (as
    /// `FeatureExtractor.isCountedPartOfSpeech` decides on `firstTwoFields`).
    static func isCountedNoun(_ feature: UnsafePointer<CChar>) -> Bool {
        let bytes = UnsafeRawPointer(feature).assumingMemoryBound(to: UInt8.self)
        guard let afterNoun = Self.afterPrefix("名詞", of: bytes) else { return false }
        switch afterNoun.pointee {
        case 0: return true
        case UInt8(ascii: ","):
            guard let afterNumber = Self.afterPrefix("数", of: afterNoun + 1) else { return true }
            return !(afterNumber.pointee == 0 || afterNumber.pointee == UInt8(ascii: ","))
        default: return false
        }
    }

    /// The bytes after `prefix` when the C string `bytes` begins with it (a mismatch stops at the NUL at the latest).
    private static func afterPrefix(_ prefix: StaticString, of bytes: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        for offset in 0..<prefix.utf8CodeUnitCount where bytes[offset] != prefix.utf8Start[offset] { return nil }
        return bytes + prefix.utf8CodeUnitCount
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
