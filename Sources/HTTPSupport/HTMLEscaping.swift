/// Text for HTML: `&`, `<`, `>`, `"` and `'` as the entities Mastodon's formatter (Rails'
/// `html_escape`) writes, safe in text and in quoted attributes; NUL as U+FFFD, as an HTML
/// parser reads it; every other character as it is.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\0": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
