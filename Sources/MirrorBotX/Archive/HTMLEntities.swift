/// X's archive stores `full_text` HTML-escaped: `&amp;`, `&lt;` and `&gt;`
/// (nothing else). Undoes exactly those three, in one pass, so `&amp;lt;`
/// becomes the literal `&lt;` the human typed.
enum HTMLEntities {
    static func unescape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let tail = rest[ampersand...]
            if tail.hasPrefix("&amp;") {
                result += "&"
                rest = tail.dropFirst(5)
            } else if tail.hasPrefix("&lt;") {
                result += "<"
                rest = tail.dropFirst(4)
            } else if tail.hasPrefix("&gt;") {
                result += ">"
                rest = tail.dropFirst(4)
            } else {
                result += "&"
                rest = tail.dropFirst()
            }
        }
        result += rest
        return result
    }
}
