/// A hand-written reader for the common JSONL line: one flat JSON object whose values are
/// strings, plain integers, `true`, `false` or `null` (issue 30: `JSONDecoder` was a quarter
/// of `classify --jsonl`'s time).
///
/// It reads a strict subset of JSON and gives up (nil) on anything else: nested arrays or
/// objects, numbers other than `-?(0|[1-9][0-9]*)` that fit 64 bits (and `-0`), duplicate
/// keys, lone UTF-16 surrogates, and every malformed line. The caller then decodes the line
/// with `JSONDecoder` (`JSONValue.object(parsing:)`), so what is accepted, the values
/// found and the error for a bad line stay exactly `JSONDecoder`'s; the fuzz target
/// `jsonl-classifier` checks that the two agree on every line this reader accepts.
@usableFromInline
enum FlatJSONObject {
    /// The object on `line` (UTF-8, already validated), or nil: decode it with `JSONDecoder`.
    @usableFromInline
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> [String: JSONValue]? {
        var reader = Reader(bytes: line)
        return reader.object()
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func object() -> [String: JSONValue]? {
            skipWhitespace()
            guard take(UInt8(ascii: "{")) else { return nil }
            // Room for a line of `classify --jsonl` (id, text, author) at once: growing from empty took
            // two reallocations a line, a tenth of reading the file (issue 30, fourth pass).
            var object = [String: JSONValue](minimumCapacity: 4)
            skipWhitespace()
            if !take(UInt8(ascii: "}")) {
                while true {
                    skipWhitespace()
                    guard take(UInt8(ascii: "\"")), let key = string() else { return nil }
                    skipWhitespace()
                    guard take(UInt8(ascii: ":")) else { return nil }
                    skipWhitespace()
                    guard let value = value(), object.updateValue(value, forKey: key) == nil else { return nil }
                    skipWhitespace()
                    if take(UInt8(ascii: ",")) { continue }
                    guard take(UInt8(ascii: "}")) else { return nil }
                    break
                }
            }
            skipWhitespace()
            return index == bytes.count ? object : nil
        }

        private mutating func value() -> JSONValue? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return string().map(JSONValue.string)
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            default: return integer()
            }
        }

        /// `-?(0|[1-9][0-9]*)` followed by no fraction or exponent, as `Int64` (or `UInt64` when
        /// only that holds it); nil for anything else, `-0` and overflow included.
        private mutating func integer() -> JSONValue? {
            let negative = take(UInt8(ascii: "-"))
            let start = index
            var magnitude: UInt64 = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
            if negative {
                guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
            return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsigned(magnitude)
        }

        /// The rest of a string whose opening quote is read: nil for a raw control character,
        /// a bad escape, a lone surrogate or no closing quote.
        private mutating func string() -> String? {
            let start = index
            // The common case: no escape, the bytes as they are.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape(), let encoded = UTF8.encode(scalar) else { return nil }
                        utf8.append(contentsOf: encoded)
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    utf8.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (the `\u` read), a surrogate pair's second half included.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let unit = hex4() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF: return nil
            default: return Unicode.Scalar(unit)
            }
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// JSON's whitespace: space, tab, line feed, carriage return.
        private mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
        }
    }
}
