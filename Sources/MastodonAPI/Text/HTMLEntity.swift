/// HTML character references: the named ones Mastodon emits, and numeric ones.
enum HTMLEntity {
    static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]

    /// The character a reference starting at `start` (an `&`) stands for, and
    /// the index after its `;`; nil when it is not a reference (a bare `&`).
    static func decode(at start: String.Index, in text: String) -> (String, String.Index)? {
        let bodyStart = text.index(after: start)
        guard let semicolon = text[bodyStart...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = text[bodyStart..<semicolon]
        let end = text.index(after: semicolon)
        if let value = named[body] { return (value, end) }
        guard body.first == "#" else { return nil }
        let digits = body.dropFirst()
        let number: UInt32?
        if digits.first == "x" || digits.first == "X" {
            number = UInt32(digits.dropFirst(), radix: 16)
        } else {
            number = UInt32(digits, radix: 10)
        }
        guard let number, let scalar = Unicode.Scalar(number) else { return nil }
        return (String(Character(scalar)), end)
    }
}
