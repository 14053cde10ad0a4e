import Foundation

/// A post's text split into what MeCab should see and what it should not.
///
/// Scanning is done on the NFKC-normalized text (full-width ＡＢＣ and ＃ become
/// ASCII, half-width ｶﾅ becomes full-width), and:
/// - URLs (`http://`, `https://`, any case) are removed up to the next space or
///   non-ASCII character;
/// - `#hashtags` are taken out whole (letters, marks, digits and `_`, at least one
///   non-digit; not after a letter, digit, `_` or `&`, as on X);
/// - `@mentions` (`@` + 1-15 of `A-Z a-z 0-9 _`, not after or before one of those) are removed.
///
/// Each removed span becomes one space, so the words around it do not merge.
@usableFromInline
struct PostText: Equatable {
    /// The text with URLs, hashtags and mentions removed.
    var plain: String
    /// Hashtags without the `#`, as written, in order.
    var hashtags: [String]
    /// Mentioned screen names without the `@`, in order.
    var mentions: [String]

    init(plain: String, hashtags: [String] = [], mentions: [String] = []) {
        self.plain = plain
        self.hashtags = hashtags
        self.mentions = mentions
    }

    init(scanning text: String) {
        let normalized = Self.compatibilityNormalized(text)
        // Without `#`, `@` or `:` (every URL has one) nothing is removed: skip splitting
        // the text into characters, the costliest step of the scan.
        let marked = normalized.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }
        } ?? normalized.utf8.contains { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }
        guard marked else {
            self.init(plain: normalized)
            return
        }
        self = Self.scanPlain(normalized) ?? Self.scanCharacters(normalized)
    }

    /// The scan of NFKC-normalized text, character by character.
    static func scanCharacters(_ normalized: String) -> PostText {
        let characters = Array(normalized)
        var plain = ""
        var hashtags: [String] = []
        var mentions: [String] = []
        var index = 0
        while index < characters.count {
            let previous: Character? = index > 0 ? characters[index - 1] : nil
            if let end = Self.urlEnd(characters, at: index) {
                plain.append(" ")
                index = end
            } else if characters[index].asciiByte == UInt8(ascii: "#"), !Self.isWordCharacter(previous), previous?.asciiByte != UInt8(ascii: "&"),
                      let end = Self.hashtagEnd(
                          characters, at: index, isWord: { isWordCharacter($0) },
                          isNumberOrUnderscore: { $0.isNumber || $0.asciiByte == UInt8(ascii: "_") }) {
                hashtags.append(String(characters[(index + 1)..<end]))
                plain.append(" ")
                index = end
            } else if characters[index].asciiByte == UInt8(ascii: "@"), !Self.isScreenNameCharacter(previous),
                      let end = Self.mentionEnd(characters, at: index, isScreenName: { isScreenNameCharacter($0) }) {
                mentions.append(String(characters[(index + 1)..<end]))
                plain.append(" ")
                index = end
            } else {
                plain.append(characters[index])
                index += 1
            }
        }
        return PostText(plain: plain, hashtags: hashtags, mentions: mentions)
    }

    /// `text.precomposedStringWithCompatibilityMapping` (NFKC), without Foundation for the
    /// common Japanese or English post (issue 30: Foundation's normalization, which bridges
    /// through `NSString`, was a tenth of `classify --jsonl`'s time). When every scalar is
    /// one that NFKC keeps as it is, and none can combine with its neighbour (canonical
    /// combining class 0, never the second of a composition: ASCII, hiragana, katakana, CJK
    /// punctuation and the unified ideographs, less the exceptions below), the text is its
    /// own NFKC form, but for two single mappings NFKC makes: the ideographic space U+3000
    /// to U+0020 and the full-width ASCII forms U+FF01...U+FF5E to U+0021...U+007E. Any
    /// other scalar: Foundation. `PostTextTests` holds the two to the same result.
    static func compatibilityNormalized(_ text: String) -> String {
        // Every scalar its own form (checked on the bytes): the text as it is.
        if FeatureKey.isPlainNFC(text) { return text }
        if let mapped = text.utf8.withContiguousStorageIfAvailable(mappedToOwnForms), let mapped { return mapped }
        return text.precomposedStringWithCompatibilityMapping
    }

    /// The text of `bytes` (valid UTF-8) with U+3000 and the full-width ASCII forms mapped, when
    /// every other scalar is its own form; nil when one is not. On the bytes (issue 30, fourth
    /// pass: a post ending in a full-width `？` or `！` went through two passes over its scalars
    /// and a `String.UnicodeScalarView` built a scalar at a time).
    static func mappedToOwnForms(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                result.append(lead)
                index += 1
                continue
            }
            guard lead & 0xF0 == 0xE0, index + 2 < bytes.count else { return nil }
            let value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            switch value {
            case 0x3000: result.append(UInt8(ascii: " "))
            case 0xFF01...0xFF5E: result.append(UInt8(value - 0xFEE0))
            case _ where isOwnCompatibilityForm(value): result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + 3)]))
            default: return nil
            }
            index += 3
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Scalars NFKC leaves alone whatever their neighbours (see `compatibilityNormalized`):
    /// not the combining marks U+302A...U+302F, U+3099, U+309A, nor the compatibility forms
    /// U+3036, U+3038...U+303A, U+309B, U+309C, U+309F, U+30FF.
    @inlinable
    static func isOwnCompatibilityForm(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x7F, 0x3001...0x3029, 0x3030...0x3035, 0x3037, 0x303B...0x303F, 0x3041...0x3096,
             0x309D...0x309E, 0x30A0...0x30FE, 0x4E00...0x9FFF: true
        default: false
        }
    }

    private static func urlEnd(_ characters: [Character], at start: Int) -> Int? {
        // Most characters cannot start a URL: decide without building strings (this runs at every character).
        // (`asciiByte` compares without String's normalizing comparison: no other character is
        // canonically equivalent to an ASCII one.)
        guard characters[start].asciiByte == UInt8(ascii: "h") || characters[start].asciiByte == UInt8(ascii: "H") else { return nil }
        for scheme in ["http://", "https://"] where start + scheme.count <= characters.count {
            guard String(characters[start..<(start + scheme.count)]).lowercased() == scheme else { continue }
            var end = start + scheme.count
            while end < characters.count, characters[end].utf8.allSatisfy({ $0 < 0x80 }), !characters[end].isWhitespace {
                end += 1
            }
            return end
        }
        return nil
    }

    /// Where the hashtag whose `#` is at `start` ends: the word elements after it, one at least
    /// neither a number nor `_`; nil when there is none. For characters and for plain scalars.
    static func hashtagEnd<Element>(
        _ elements: [Element], at start: Int, isWord: (Element) -> Bool, isNumberOrUnderscore: (Element) -> Bool
    ) -> Int? {
        var end = start + 1
        while end < elements.count, isWord(elements[end]) {
            end += 1
        }
        guard elements[(start + 1)..<end].contains(where: { !isNumberOrUnderscore($0) }) else { return nil }
        return end
    }

    /// Where the mention whose `@` is at `start` ends: 1 to 15 screen-name elements after it;
    /// nil when there is none. For characters and for plain scalars.
    static func mentionEnd<Element>(_ elements: [Element], at start: Int, isScreenName: (Element) -> Bool) -> Int? {
        var end = start + 1
        while end < elements.count, end - start <= 15, isScreenName(elements[end]) {
            end += 1
        }
        // X ignores names longer than 15 characters: then this is no mention.
        if end < elements.count, isScreenName(elements[end]) { return nil }
        return end > start + 1 ? end : nil
    }

    static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.asciiByte == UInt8(ascii: "_") || character.isLetter || character.isNumber
    }

    static func isScreenNameCharacter(_ character: Character?) -> Bool {
        guard let value = character?.asciiByte else { return false }
        return value == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(value)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(value | 0x20)
    }
}

extension Character {
    /// The character's byte when it is one ASCII scalar, else nil. `c.asciiByte == b` is `c == b`'s
    /// answer for an ASCII `b` (no other character is canonically equivalent to one), without
    /// String's comparison, which `==` and `asciiValue` (to tell "\r\n") both take (issue 30).
    var asciiByte: UInt8? {
        utf8.count == 1 ? utf8.first : nil
    }
}
