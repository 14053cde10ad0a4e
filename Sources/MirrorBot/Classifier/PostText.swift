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
        let normalized = text.precomposedStringWithCompatibilityMapping
        // Without `#`, `@` or `:` (every URL has one) nothing is removed: skip splitting
        // the text into characters, the costliest step of the scan.
        guard normalized.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }) else {
            self.init(plain: normalized)
            return
        }
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
            } else if characters[index] == "#", !Self.isWordCharacter(previous), previous != "&",
                      let end = Self.hashtagEnd(characters, at: index) {
                hashtags.append(String(characters[(index + 1)..<end]))
                plain.append(" ")
                index = end
            } else if characters[index] == "@", !Self.isScreenNameCharacter(previous),
                      let end = Self.mentionEnd(characters, at: index) {
                mentions.append(String(characters[(index + 1)..<end]))
                plain.append(" ")
                index = end
            } else {
                plain.append(characters[index])
                index += 1
            }
        }
        self.init(plain: plain, hashtags: hashtags, mentions: mentions)
    }

    private static func urlEnd(_ characters: [Character], at start: Int) -> Int? {
        // Most characters cannot start a URL: decide without building strings (this runs at every character).
        guard characters[start] == "h" || characters[start] == "H" else { return nil }
        for scheme in ["http://", "https://"] where start + scheme.count <= characters.count {
            guard String(characters[start..<(start + scheme.count)]).lowercased() == scheme else { continue }
            var end = start + scheme.count
            while end < characters.count, characters[end].isASCII, !characters[end].isWhitespace {
                end += 1
            }
            return end
        }
        return nil
    }

    private static func hashtagEnd(_ characters: [Character], at start: Int) -> Int? {
        var end = start + 1
        while end < characters.count, isWordCharacter(characters[end]) {
            end += 1
        }
        let tag = characters[(start + 1)..<end]
        guard tag.contains(where: { !$0.isNumber && $0 != "_" }) else { return nil }
        return end
    }

    private static func mentionEnd(_ characters: [Character], at start: Int) -> Int? {
        var end = start + 1
        while end < characters.count, end - start <= 15, isScreenNameCharacter(characters[end]) {
            end += 1
        }
        // X ignores names longer than 15 characters: then this is no mention.
        if end < characters.count, isScreenNameCharacter(characters[end]) { return nil }
        return end > start + 1 ? end : nil
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }

    private static func isScreenNameCharacter(_ character: Character?) -> Bool {
        guard let character, character.isASCII else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }
}
