/// Turns a status's sanitized HTML back into the plain text its author wrote.
///
/// Mastodon stores what people type as HTML: paragraphs in `<p>`, line breaks
/// as `<br>`, mentions and hashtags as links whose text is `@name` / `#tag`,
/// long links split into `invisible` and `ellipsis` spans (the ellipsis is
/// only CSS, so the three parts join into the full URL), and `&`, `<`, `>`,
/// quotes as entities. Tags are dropped, their text kept; elements of class
/// `quote-inline` (the `RE: <link>` a server adds to quote posts, hidden by
/// Mastodon's own interface) are dropped whole, as the author did not write them.
public enum MastodonHTML {
    public static func plainText(_ html: String) -> String {
        var output = ""
        var paragraphs = 0
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = Tag(html[html.index(after: index)..<close])
                index = html.index(after: close)
                if tag.isQuoteFallback {
                    index = endOfElement(named: tag.name, in: html, from: index)
                    continue
                }
                switch (tag.name, tag.isClosing) {
                case ("p", false), ("blockquote", false), ("pre", false):
                    if paragraphs > 0 { output += "\n\n" }
                    paragraphs += 1
                case ("br", _):
                    output += "\n"
                case ("li", false):
                    if !output.isEmpty && !output.hasSuffix("\n") { output += "\n" }
                default:
                    break
                }
            } else if character == "&", let (decoded, end) = HTMLEntity.decode(at: index, in: html) {
                output += decoded
                index = end
            } else {
                output.append(character)
                index = html.index(after: index)
            }
        }
        return output
    }

    /// The index after the tag closing the element `name` opened just before
    /// `start` (nested elements of the same name counted), or the end.
    static func endOfElement(named name: Substring, in html: String, from start: String.Index) -> String.Index {
        var depth = 1
        var index = start
        while let open = html[index...].firstIndex(of: "<"), let close = html[open...].firstIndex(of: ">") {
            let tag = Tag(html[html.index(after: open)..<close])
            index = html.index(after: close)
            guard tag.name == name, !tag.isSelfClosing else { continue }
            depth += tag.isClosing ? -1 : 1
            if depth == 0 { return index }
        }
        return html.endIndex
    }

    /// A tag's name (lowercased), whether it closes (`</p>`) or closes itself
    /// (`<br/>`), and whether it is a quote fallback.
    struct Tag {
        var name: Substring
        var isClosing: Bool
        var isSelfClosing: Bool
        var isQuoteFallback: Bool

        init(_ body: Substring) {
            var body = body
            isClosing = body.first == "/"
            if isClosing { body = body.dropFirst() }
            isSelfClosing = body.last == "/"
            name = Substring(body.prefix { $0.isLetter || $0.isNumber }.lowercased())
            isQuoteFallback = !isClosing && !isSelfClosing && body.contains("quote-inline")
        }
    }
}
