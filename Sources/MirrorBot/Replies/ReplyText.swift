import Foundation

/// Turns one of the human's past replies into the bot's reply text.
public enum ReplyText {
    /// Drops the leading `@name` mentions: the network threads the reply under
    /// the mention it answers, and the human's old reply may have named others
    /// who must not be pinged by the bot. A name is X's `@alice`, Mastodon's
    /// `@bob@other.host` or Bluesky's `@carol.bsky.social` (dots, hyphens and `@`
    /// inside it). Nil when nothing is left.
    public static func body(of text: String) -> String? {
        var rest = Substring(text)
        while true {
            let trimmed = rest.drop { $0 == " " || $0 == "\u{3000}" || $0 == "\n" }
            guard let first = trimmed.first, first == "@" || first == "＠" else {
                rest = trimmed
                break
            }
            let name = Self.mentionName(trimmed.dropFirst())
            guard !name.isEmpty else {
                rest = trimmed
                break
            }
            rest = trimmed.dropFirst(1 + name.count)
        }
        let body = String(rest).trimmingCharacters(in: .whitespacesAndNewlines)
        return body.isEmpty ? nil : body
    }

    /// The name at the start of `text`: word characters, and `.`, `-` or `@` between them.
    static func mentionName(_ text: Substring) -> Substring {
        func isWord(_ character: Character) -> Bool { character.isASCII && (character.isLetter || character.isNumber || character == "_") }
        var end = text.startIndex
        while end < text.endIndex {
            if isWord(text[end]) {
                end = text.index(after: end)
            } else if end > text.startIndex, ".-@".contains(text[end]), text.index(after: end) < text.endIndex, isWord(text[text.index(after: end)]) {
                end = text.index(after: end)
            } else {
                break
            }
        }
        return text[..<end]
    }
}
