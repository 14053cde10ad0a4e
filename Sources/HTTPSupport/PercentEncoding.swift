/// RFC 3986 percent-encoding for paths, queries and form bodies: every byte
/// except the unreserved characters `A-Z a-z 0-9 - . _ ~` becomes `%XX`
/// (uppercase hex) of its UTF-8 encoding. This is exactly what OAuth 1.0a
/// (RFC 5849 section 3.6) requires of a signature's parts.
public enum PercentEncoding {
    /// Encodes `string` per RFC 3986.
    public static func encode(_ string: String) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out += hexDigit(byte >> 4)
                out += hexDigit(byte & 0x0F)
            }
        }
        return out
    }

    /// Decodes `%XX` sequences; with `plusIsSpace` (form encoding) `+` becomes a space.
    /// Malformed escapes are kept as they are.
    public static func decode(_ string: String, plusIsSpace: Bool = true) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(string.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `a=1&b=2` (a URL query or a form body) into decoded pairs, in order.
    public static func parseForm(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(String(parts[0]))
            let value = parts.count > 1 ? decode(String(parts[1])) : ""
            return (name, value)
        }
    }

    /// Builds `a=1&b=2` with every name and value RFC 3986-encoded.
    public static func formString(_ parameters: [(name: String, value: String)]) -> String {
        parameters.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - 48
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - 55
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - 87
        default: return nil
        }
    }
}
