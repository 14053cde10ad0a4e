/// A plain text (from X, Mastodon, Bluesky or a JSONL file) made ready to go out as
/// Misskey's MFM so that it shows exactly its own characters.
///
/// Grammar: misskey-dev/mfm.js `src/internal/parser.ts` (v0.24). The parser tries, at each
/// position, the constructs in a fixed order and otherwise takes one character as text.
/// `<plain>…</plain>` shows what it holds as it is: any characters but `</plain>`, at
/// least one, a newline right after `<plain>` or right before `</plain>` dropped. So each
/// character that would open markup is wrapped alone (a run of them together) in
/// `<plain>`; a literal `</plain>` in the text stays outside every wrap, where it is text.
/// What stays as it is: links (`https://…`, which show their own characters and stay
/// clickable) and hashtags (`#tag`, the same on every network), copied whole so nothing
/// inside them is touched; everything else that is not markup.
///
/// Wrapped: `*` (`***big***`, `**bold**`, `*italic*`), `__` and a `_` after a non-letter
/// (`__bold__`, `_italic_`), `~~`, `` ` `` (inline code, code blocks), `<` before `b>`,
/// `i>`, `s>`, `small>`, `center>`, `plain>` or `http` (tags, `<https://…>`), `>` at the
/// start of a line (a quote), `\(` and `\[` (math), `$[` (functions), `[` (`[label](url)`,
/// `?[label](url)`, `[search]`), the `:` opening `:name:` (a custom emoji), `@` opening a
/// name (an account of another network, never pinged here), and a `search`/`検索` button at
/// the end of a line (a search box).
public enum MFMLiteral {
    /// `text` with every character that would open MFM markup wrapped in `<plain>`.
    public static func escape(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var run = String.UnicodeScalarView()
        func flush() {
            guard !run.isEmpty else { return }
            output.append(contentsOf: "<plain>".unicodeScalars)
            output.append(contentsOf: run)
            output.append(contentsOf: "</plain>".unicodeScalars)
            run.removeAll()
        }
        var index = 0
        while index < scalars.count {
            if let end = MFMGrammar.urlEnd(scalars, at: index) ?? MFMGrammar.hashtagEnd(scalars, at: index) {
                flush()
                output.append(contentsOf: scalars[index..<end])
                index = end
            } else if let end = markupOpening(scalars, at: index) {
                run.append(contentsOf: scalars[index..<end])
                index = end
            } else {
                flush()
                output.append(scalars[index])
                index += 1
            }
        }
        flush()
        return String(output)
    }

    /// Where the characters that open markup at `index` end, or nil when none does.
    static func markupOpening(_ s: [Unicode.Scalar], at index: Int) -> Int? {
        let scalar = s[index]
        func next(_ offset: Int = 1) -> Unicode.Scalar? { index + offset < s.count ? s[index + offset] : nil }
        let before = index > 0 ? s[index - 1] : nil
        switch scalar {
        case "*", "`", "[":
            return index + 1
        case "_":
            return next() == "_" || before.map(MFMGrammar.isAlphaNumeric) != true ? index + 1 : nil
        case "~":
            return next() == "~" || before == "~" ? index + 1 : nil
        case "$":
            return next() == "[" ? index + 1 : nil
        case "\\":
            return next() == "(" || next() == "[" ? index + 1 : nil
        case "<":
            let rest = String(String.UnicodeScalarView(s[(index + 1)...].prefix(8)))
            return ["b>", "i>", "s>", "small>", "center>", "plain>", "http"].contains { rest.hasPrefix($0) } ? index + 1 : nil
        case ">":
            return MFMGrammar.isLineStart(s, index) ? index + 1 : nil
        case ":":
            return MFMGrammar.emojiCodeEnd(s, at: index) != nil ? index + 1 : nil
        case "@":
            return MFMGrammar.opensMention(s, at: index) ? index + 1 : nil
        default:
            return MFMGrammar.searchButtonEnd(s, at: index)
        }
    }
}
