/// Turns a status's sanitized HTML back into the plain text its author wrote.
///
/// Mastodon stores what people type as HTML: paragraphs in `<p>`, line breaks
/// as `<br>`, mentions and hashtags as links whose text is `@name` / `#tag`,
/// long links split into `invisible` and `ellipsis` spans (the ellipsis is
/// only CSS, so the three parts join into the full URL), and `&`, `<`, `>`,
/// quotes as entities. Tags are dropped, their text kept.
public enum MastodonHTML {
    public static func plainText(_ html: String) -> String {
        var output = ""
        var paragraphs = 0
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = Tag(html[html.index(after: index)..<close])
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
                index = html.index(after: close)
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

    /// A tag's name (lowercased) and whether it closes (`</p>`).
    struct Tag {
        var name: Substring
        var isClosing: Bool

        init(_ body: Substring) {
            var body = body
            isClosing = body.first == "/"
            if isClosing { body = body.dropFirst() }
            name = Substring(body.prefix { $0.isLetter || $0.isNumber }.lowercased())
        }
    }
}
