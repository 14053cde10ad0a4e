import Foundation

/// Turns one of the human's past replies into the bot's reply text.
public enum ReplyText {
    /// Drops the leading `@name` mentions: the network threads the reply under
    /// the mention it answers, and the human's old reply may have named others
    /// who must not be pinged by the bot. Nil when nothing is left.
    public static func body(of text: String) -> String? {
        var rest = Substring(text)
        while true {
            let trimmed = rest.drop { $0 == " " || $0 == "\u{3000}" || $0 == "\n" }
            guard let first = trimmed.first, first == "@" || first == "＠" else {
                rest = trimmed
                break
            }
            let name = trimmed.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            guard !name.isEmpty else {
                rest = trimmed
                break
            }
            rest = trimmed.dropFirst(1 + name.count)
        }
        let body = String(rest).trimmingCharacters(in: .whitespacesAndNewlines)
        return body.isEmpty ? nil : body
    }
}
