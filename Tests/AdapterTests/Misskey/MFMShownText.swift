import MirrorBotMisskey

/// What Misskey shows for an MFM text, read as misskey-dev/mfm.js `src/internal/parser.ts`
/// (v0.24) reads it at the top level: at each position the constructs in the parser's order,
/// else one character of text. `shown` is the characters a reader sees when the text holds
/// only text, `<plain>`, links and hashtags (which show their own characters); `markup`
/// names the first construct that would change what is shown (bold, a function, a quote, a
/// mention, …) and where. Constructs that may fall back to text (`**` with no closing mark)
/// count as markup once their opening matches: stricter than the parser, never looser.
struct MFMShownText {
    var shown = ""
    var markup: String?

    init(_ text: String) {
        let s = Array(text.unicodeScalars)
        var shownScalars = String.UnicodeScalarView()
        var index = 0
        while index < s.count, markup == nil {
            if let found = Self.markup(s, at: index) {
                markup = "\(found) at \(index)"
            } else if let (content, end) = Self.plainTag(s, at: index) {
                shownScalars.append(contentsOf: content)
                index = end
            } else if let end = MFMGrammar.urlEnd(s, at: index) ?? MFMGrammar.hashtagEnd(s, at: index) {
                shownScalars.append(contentsOf: s[index..<end])
                index = end
            } else {
                shownScalars.append(s[index])
                index += 1
            }
        }
        shown = String(shownScalars)
    }

    /// `<plain>`, an optional newline, at least one character up to `</plain>` (an optional
    /// newline before it dropped), `</plain>`: what it shows and where it ends.
    static func plainTag(_ s: [Unicode.Scalar], at index: Int) -> ([Unicode.Scalar], Int)? {
        guard MFMGrammar.has(s, "<plain>", at: index) else { return nil }
        var start = index + 7
        start += newline(s, at: start)
        var end = start
        while end < s.count {
            let lineBreak = newline(s, at: end)
            if MFMGrammar.has(s, "</plain>", at: end + lineBreak) {
                guard end > start else { return nil }
                return (Array(s[start..<end]), end + lineBreak + 8)
            }
            end += 1
        }
        return nil
    }

    /// The length of a line break (`\r\n`, `\r`, `\n`) at `index`, 0 when none.
    static func newline(_ s: [Unicode.Scalar], at index: Int) -> Int {
        if MFMGrammar.has(s, "\r\n", at: index) { return 2 }
        return index < s.count && MFMGrammar.isNewline(s[index]) ? 1 : 0
    }

    /// The construct opening at `index` that would change what is shown, in the parser's order.
    static func markup(_ s: [Unicode.Scalar], at index: Int) -> String? {
        // Block constructs may start after one or two line breaks, at the start of a line.
        var lineStart = index
        for _ in 0..<2 { lineStart += newline(s, at: lineStart) }
        for block in [index, index + newline(s, at: index), lineStart] where block <= s.count && MFMGrammar.isLineStart(s, block) {
            if MFMGrammar.has(s, "<center>", at: block) { return "<center>" }
            if MFMGrammar.has(s, "```", at: block) { return "code block" }
            if MFMGrammar.has(s, "\\[", at: block) { return "math block" }
            if block < s.count, s[block] == ">" { return "quote" }
        }
        if let tag = ["<small>", "<b>", "<i>", "<s>"].first(where: { MFMGrammar.has(s, $0, at: index) }) { return tag }
        if MFMGrammar.has(s, "<http", at: index) { return "<url>" }
        if MFMGrammar.has(s, "**", at: index) { return "bold or big" }
        let before = index > 0 ? s[index - 1] : nil
        let afterAlphaNumeric = before.map(MFMGrammar.isAlphaNumeric) ?? false
        if s[index] == "*", !afterAlphaNumeric, closes(s, from: index + 1, mark: "*") { return "italic *" }
        if MFMGrammar.has(s, "__", at: index), closes(s, from: index + 2, mark: "__") { return "bold __" }
        if s[index] == "_", !afterAlphaNumeric, closes(s, from: index + 1, mark: "_") { return "italic _" }
        if s[index] == "`", inlineCodeCloses(s, from: index + 1) { return "inline code" }
        if MFMGrammar.has(s, "\\(", at: index), mathCloses(s, from: index + 2) { return "math" }
        if MFMGrammar.has(s, "~~", at: index) { return "strike" }
        if MFMGrammar.has(s, "$[", at: index) { return "fn" }
        if MFMGrammar.opensMention(s, at: index) { return "mention" }
        if MFMGrammar.hashtagEnd(s, at: index) != nil { return nil }
        if MFMGrammar.emojiCodeEnd(s, at: index) != nil { return "emoji code" }
        if s[index] == "[" || MFMGrammar.has(s, "?[", at: index), linkCloses(s, from: index) { return "link" }
        if MFMGrammar.urlEnd(s, at: index) != nil { return nil }
        if MFMGrammar.isLineStart(s, index) || (index > 0 && newline(s, at: index) > 0), searchLine(s, from: index) { return "search" }
        return nil
    }

    /// `[a-z0-9 \t　]+` then `mark` (italic and `__` bold take nothing else).
    static func closes(_ s: [Unicode.Scalar], from start: Int, mark: String) -> Bool {
        var end = start
        while end < s.count, MFMGrammar.isAlphaNumeric(s[end]) || MFMGrammar.isSpace(s[end]) { end += 1 }
        return end > start && MFMGrammar.has(s, mark, at: end)
    }

    static func inlineCodeCloses(_ s: [Unicode.Scalar], from start: Int) -> Bool {
        var end = start
        while end < s.count, s[end] != "`", s[end] != "´", !MFMGrammar.isNewline(s[end]) { end += 1 }
        return end > start && end < s.count && s[end] == "`"
    }

    static func mathCloses(_ s: [Unicode.Scalar], from start: Int) -> Bool {
        var end = start
        while end < s.count, !MFMGrammar.has(s, "\\)", at: end), !MFMGrammar.isNewline(s[end]) { end += 1 }
        return end > start && MFMGrammar.has(s, "\\)", at: end)
    }

    /// `[label](http…` on one line: a link (the label may hold markup of its own).
    static func linkCloses(_ s: [Unicode.Scalar], from start: Int) -> Bool {
        var end = start + (s[start] == "?" ? 2 : 1)
        while end < s.count, !MFMGrammar.isNewline(s[end]) {
            if MFMGrammar.has(s, "](http", at: end) { return true }
            end += 1
        }
        return false
    }

    /// A line (after an optional line break) of at least one character, a space and a search button.
    static func searchLine(_ s: [Unicode.Scalar], from index: Int) -> Bool {
        let start = index + newline(s, at: index)
        var end = start
        while end < s.count, !MFMGrammar.isNewline(s[end]) { end += 1 }
        guard end > start + 1 else { return false }
        return (start + 1..<end).contains { MFMGrammar.searchButtonEnd(s, at: $0) == end }
    }
}
