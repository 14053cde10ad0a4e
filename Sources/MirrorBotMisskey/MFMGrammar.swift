/// Pieces of Misskey's MFM grammar (misskey-dev/mfm.js `src/internal/parser.ts`, v0.24),
/// over Unicode scalars as the parser reads them: where a link or a hashtag (which show
/// their own characters) ends, and whether markup opens at a position.
public enum MFMGrammar {
    /// mfm.js's `alphaAndNum`: `[a-z0-9]`, either case.
    public static func isAlphaNumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// mfm.js's `space`: a space, an ideographic space or a tab.
    public static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\u{3000}" || scalar == "\t" }

    public static func isNewline(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

    /// `P.lineBegin`: the start of the text or just after a line break.
    public static func isLineStart(_ s: [Unicode.Scalar], _ index: Int) -> Bool { index == 0 || isNewline(s[index - 1]) }

    /// `P.lineEnd`: the end of the text or a line break.
    public static func isLineEnd(_ s: [Unicode.Scalar], _ index: Int) -> Bool { index == s.count || isNewline(s[index]) }

    /// Whether `s` holds `literal` at `index` (ASCII letters in either case when `caseless`).
    public static func has(_ s: [Unicode.Scalar], _ literal: String, at index: Int, caseless: Bool = false) -> Bool {
        let wanted = Array(literal.unicodeScalars)
        guard index >= 0, index + wanted.count <= s.count else { return false }
        for (offset, scalar) in wanted.enumerated() {
            let found = s[index + offset]
            if found == scalar { continue }
            guard caseless, found.isASCII, scalar.isASCII, Character(found).lowercased() == Character(scalar).lowercased() else { return false }
        }
        return true
    }

    /// The end of a bare link (`url`: `https?://` and link characters, brackets balanced, a
    /// trailing `.`/`,` left out) starting at `index`; nil when none starts there. A link of
    /// only dots and commas is text to the parser, taken whole all the same.
    public static func urlEnd(_ s: [Unicode.Scalar], at index: Int) -> Int? {
        let schema = has(s, "https://", at: index) ? 8 : has(s, "http://", at: index) ? 7 : 0
        guard schema > 0 else { return nil }
        let start = index + schema
        func isURLChar(_ c: Unicode.Scalar) -> Bool { isAlphaNumeric(c) || ".,_/:%#@$&?!~=+-".unicodeScalars.contains(c) }
        let end = bracketed(s, from: start, isChar: isURLChar, pairs: [("(", ")"), ("[", "]")])
        guard end > start else { return nil }
        var trimmed = end
        while trimmed > start, s[trimmed - 1] == "." || s[trimmed - 1] == "," { trimmed -= 1 }
        return trimmed > start ? trimmed : end
    }

    /// The end of a hashtag (`#`, then tag characters with balanced brackets; not after a
    /// letter or digit, not digits only) starting at `index`; nil when none starts there.
    /// `#` before U+FE0F or U+20E3 is a keycap emoji, which the parser takes first.
    public static func hashtagEnd(_ s: [Unicode.Scalar], at index: Int) -> Int? {
        guard s[index] == "#", index + 1 < s.count, s[index + 1] != "\u{FE0F}", s[index + 1] != "\u{20E3}" else { return nil }
        if index > 0, isAlphaNumeric(s[index - 1]) { return nil }
        let excluded = " \u{3000}\t.,!?'\"#:/[]【】()「」（）<>\n\r".unicodeScalars
        let end = bracketed(s, from: index + 1, isChar: { !excluded.contains($0) }, pairs: [("(", ")"), ("[", "]"), ("「", "」"), ("（", "）")])
        guard end > index + 1, !s[(index + 1)..<end].allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return end
    }

    /// Where a run of `isChar` characters and balanced bracket pairs from `start` ends.
    static func bracketed(_ s: [Unicode.Scalar], from start: Int, isChar: (Unicode.Scalar) -> Bool, pairs: [(Unicode.Scalar, Unicode.Scalar)]) -> Int {
        func item(_ index: Int) -> Int? {
            guard index < s.count else { return nil }
            if let pair = pairs.first(where: { $0.0 == s[index] }) {
                var inner = index + 1
                while let next = item(inner) { inner = next }
                if inner < s.count, s[inner] == pair.1 { return inner + 1 }
            }
            return isChar(s[index]) ? index + 1 : nil
        }
        var end = start
        while let next = item(end) { end = next }
        return end
    }

    /// The end of a custom emoji code (`:name:`, name `[a-z0-9_+-]+`) starting at `index`.
    public static func emojiCodeEnd(_ s: [Unicode.Scalar], at index: Int) -> Int? {
        guard s[index] == ":" else { return nil }
        var end = index + 1
        while end < s.count, isAlphaNumeric(s[end]) || "_+-".unicodeScalars.contains(s[end]) { end += 1 }
        return end > index + 1 && end < s.count && s[end] == ":" ? end + 1 : nil
    }

    /// Whether a mention (`@name`, not after a letter or digit) starts at `index`.
    public static func opensMention(_ s: [Unicode.Scalar], at index: Int) -> Bool {
        guard s[index] == "@", index + 1 < s.count else { return false }
        let next = s[index + 1]
        return (isAlphaNumeric(next) || next == "_" || next == "-") && !(index > 0 && isAlphaNumeric(s[index - 1]))
    }

    /// The search box's buttons, in the order the parser tries them (either case).
    public static let searchButtons = ["[検索]", "[search]", "検索", "search"]

    /// The end of a search button starting at `index` that makes its line a search box: after
    /// a space with something before it on the line, and ending the line.
    public static func searchButtonEnd(_ s: [Unicode.Scalar], at index: Int) -> Int? {
        guard index >= 2, isSpace(s[index - 1]), !isLineStart(s, index - 1) else { return nil }
        for button in searchButtons where has(s, button, at: index, caseless: true) {
            let end = index + button.unicodeScalars.count
            if isLineEnd(s, end) { return end }
        }
        return nil
    }
}
