/// `application/x-www-form-urlencoded` decoding for queries and form bodies.
public enum FormDecoding {
    /// Parses `a=1&b=2` into decoded pairs, in order (`+` is a space).
    public static func parse(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(String(parts[0]))
            let value = parts.count > 1 ? decode(String(parts[1])) : ""
            return (name, value)
        }
    }

    /// Decodes `%XX` escapes and `+`; malformed escapes are kept as they are.
    public static func decode(_ string: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(string.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
                let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        default: nil
        }
    }
}
