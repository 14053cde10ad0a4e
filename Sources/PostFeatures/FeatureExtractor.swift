import Foundation

/// Turns a post into the features the classifier counts.
///
/// Features, each at most once per post: the nouns in text order, then the
/// hashtags, then the author.
/// - **nouns**: MeCab morphemes whose part of speech is 名詞, lowercased
///   (`Swift` and `swift` are one feature; ipadic calls ASCII words 名詞,一般).
///   Dropped as noise: numbers (名詞,数), morphemes with no letter at all
///   (ipadic calls ASCII punctuation such as `.` `://` `@` `#` `(` 名詞,サ変接続),
///   a single ASCII letter (`s` of "it's"), and runs of the long-vowel mark `ー`.
///   Emoji and other symbols are 記号, so they are dropped too.
/// - **hashtags**: `#` + the tag, lowercased, as one feature (`#SwiftLang` →
///   `#swiftlang`); the tag is not split into nouns.
/// - **the author**: `@author:` + the screen name, lowercased, without a leading
///   `@` (`@author:naoty_k`). No noun can look like this, since nouns never
///   contain `@` or `:`.
///
/// Removed before tokenizing: URLs (`http://`, `https://`) and `@mentions`
/// (a reply's addressee says little about the post and would add noise such as
/// `_` and single letters). The text is NFKC-normalized first, so full-width
/// `ＳＷＩＦＴ` and `swift` are one feature. See `PostText` for the exact rules.
public struct FeatureExtractor: Sendable {
    public static let authorPrefix = "@author:"

    public let tokenizer: any Tokenizer

    public init(tokenizer: any Tokenizer) {
        self.tokenizer = tokenizer
    }

    /// The features of a post by `author` (nil or empty: no author feature).
    public func features(text: String, author: String?) -> [String] {
        let post = PostText(scanning: text)
        let nouns = tokenizer.nounSurfaces(post.plain)
        var features: [String] = []
        features.reserveCapacity(nouns.count + post.hashtags.count + 1)
        for surface in nouns where Self.isCountedSurface(surface) {
            features.append(Self.lowercased(surface))
        }
        for tag in post.hashtags {
            features.append("#" + Self.lowercased(tag))
        }
        if let name = Self.authorFeature(author) {
            features.append(name)
        }
        return Self.distinct(features)
    }

    /// `@author:name` for a screen name (leading `@` and surrounding spaces ignored), nil when empty.
    public static func authorFeature(_ author: String?) -> String? {
        guard let author else { return nil }
        // Trimming removes whitespace scalars from the ends only: a name that begins and ends
        // with an ASCII byte that is not whitespace (nearly every name) needs none, and skips
        // Foundation's character-set scan.
        let untrimmed = author.utf8.first.map { $0 < 0x80 && !Self.isASCIIWhitespace($0) } == true
            && author.utf8.last.map { $0 < 0x80 && !Self.isASCIIWhitespace($0) } == true
        var name = untrimmed ? author : author.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.hasPrefix("@") { name.removeFirst() }
        return name.isEmpty ? nil : authorPrefix + name.lowercased()
    }

    /// `feature.hasPrefix(authorPrefix)`, on bytes. The prefix is ASCII, which no other
    /// character is equivalent to, so the bytes must match; and its last character `:` must be
    /// a character alone, not `:` with a combining mark after it.
    public static func isAuthorFeature(_ feature: String) -> Bool {
        // No noun or hashtag begins with `@`: most features are decided by their first byte.
        guard feature.utf8.first == UInt8(ascii: "@") else { return false }
        let prefix = authorPrefixBytes
        let decided = feature.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.count >= prefix.count, bytes.prefix(prefix.count).elementsEqual(prefix) else { return false }
            // `:` is a character alone when the text ends after it or an ASCII scalar follows (no
            // ASCII scalar extends or joins a grapheme, and only CR joins LF): most names, decided
            // without building the `Character` (issue 30, fourth pass).
            return bytes.count == prefix.count || bytes[prefix.count] < 0x80 ? true : nil
        }
        if let decided, let known = decided { return known }
        guard feature.utf8.starts(with: prefix) else { return false }
        let colon = feature.utf8.index(feature.utf8.startIndex, offsetBy: prefix.count - 1)
        return feature[colon...].first?.utf8.count == 1
    }

    private static let authorPrefixBytes = Array(authorPrefix.utf8)

    /// A noun worth counting (see the type's documentation).
    static func isNounFeature(_ morpheme: Token) -> Bool {
        isCountedPartOfSpeech(morpheme) && isCountedSurface(morpheme.surface)
    }

    /// 名詞, but not 名詞,数.
    static func isCountedPartOfSpeech(_ morpheme: Token) -> Bool {
        // Compared as bytes: no other sequence of scalars is canonically equivalent to 名詞 or 数
        // (no scalar but themselves decomposes to 名, 詞 or 数), so this is `==` without
        // String's normalizing comparison, which MeCab's strings always took (issue 30).
        morpheme.partOfSpeech.utf8.elementsEqual("名詞".utf8)
            && !(morpheme.subcategory?.utf8.elementsEqual("数".utf8) ?? false)
    }

    /// A noun's surface worth counting: some letter, not one ASCII character, not only `ー`, `〜` or `~`.
    static func isCountedSurface(_ surface: String) -> Bool {
        // Kana and ideographs (with ASCII): decided on the bytes (issue 30).
        if let counted = plainCountedSurface(surface) { return counted }
        // ASCII alone (English words, `://`, `@`): the same three rules on bytes, where a letter
        // is A-Z or a-z (the only ASCII characters `Character.isLetter` accepts).
        if surface.utf8.allSatisfy({ $0 < 0x80 }) {
            return surface.utf8.count > 1 && surface.utf8.contains(where: { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
        }
        // One pass over the characters; the long-vowel marks compared as scalars (no other
        // sequence is canonically equivalent to ー, 〜 or ~).
        var hasLetter = false
        var onlyLongVowels = true
        var count = 0
        var firstIsASCII = false
        for character in surface {
            if count == 0 { firstIsASCII = character.utf8.allSatisfy { $0 < 0x80 } }
            count += 1
            if !hasLetter, character.isLetter { hasLetter = true }
            if onlyLongVowels, !Self.isLongVowelMark(character) { onlyLongVowels = false }
        }
        return hasLetter && !(count == 1 && firstIsASCII) && !onlyLongVowels
    }

    /// ー, 〜 or ~ alone.
    private static func isLongVowelMark(_ character: Character) -> Bool {
        var scalars = character.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil else { return false }
        return scalar == "ー" || scalar == "〜" || scalar == "~"
    }

    /// `text.lowercased()`, without the Unicode tables for text of ASCII, kana, CJK punctuation
    /// and unified ideographs (`FeatureKey.isPlainNFC`; none of those but A-Z has a lowercase
    /// mapping, `FeaturePathTests` checks each).
    static func lowercased(_ text: String) -> String {
        var hasUppercase = false
        let plain = FeatureKey.forEachPlainScalar(text) { value in
            if value >= 0x41 && value <= 0x5A { hasUppercase = true }
        }
        guard plain else { return text.lowercased() }
        guard hasUppercase else { return text }
        return String(decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}
