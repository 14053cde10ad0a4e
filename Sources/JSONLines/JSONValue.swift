import Foundation

/// One JSON value as read from a JSONL line, keeping what kind of value it was
/// (a string id stays a string, a number id a number) so it can be written back as given.
///
/// Integers that fit 64 bits are kept exactly; other numbers become `Double`.
public enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // A string first: most values of a JSONL line are strings, and a JSON string decodes as
        // none of the other kinds (nor they as a string), so the order changes no result and a
        // string no longer costs four thrown type mismatches (issue 30: they were most of the
        // time `classify --jsonl` spent reading its file).
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses one line that must hold a JSON object.
    public static func object(parsing line: Substring) throws(JSONLineError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        } catch {
            throw JSONLineError("not valid JSON")
        }
        guard case .object(let object) = value else { throw JSONLineError("not a JSON object") }
        return object
    }

    /// The value written as compact JSON.
    public var json: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .unsigned(let value): String(value)
        case .double(let value): JSONValue.number(value)
        case .string(let value): JSONValue.quoted(value)
        case .array(let values): "[" + values.map(\.json).joined(separator: ",") + "]"
        case .object(let object):
            "{" + object.keys.sorted().map { JSONValue.quoted($0) + ":" + (object[$0] ?? .null).json }.joined(separator: ",") + "}"
        }
    }

    /// A finite number as JSON (Swift's shortest round-trip form, which JSON accepts); non-finite ones as null.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A string as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    /// Appends `text` as a JSON string literal (what `quoted` returns) to `out`, as UTF-8.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        guard needsEscape(text) else {
            out.append(UInt8(ascii: "\""))
            appendUTF8(text, to: &out)
            out.append(UInt8(ascii: "\""))
            return
        }
        appendUTF8(quoted(text), to: &out)
    }

    /// Appends `text`'s UTF-8 to `out`: one copy of the contiguous bytes when there are (native
    /// strings; issue 30, fourth pass: appending the UTF-8 view went byte by byte).
    public static func appendUTF8(_ text: String, to out: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            out.append(contentsOf: bytes)
        }
        if copied == nil { out.append(contentsOf: text.utf8) }
    }

    /// Whether `text` may need an escape in JSON: a `"`, `\`, control character, or the lead byte of U+2028 or U+2029 (E2 80 A8/A9).
    private static func needsEscape(_ text: String) -> Bool {
        // On the contiguous bytes when there are (native strings): `contains(where:)` over the
        // UTF-8 view took a tenth of each output line (issue 30, fourth pass).
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains(where: needsEscape(byte:))
        }
        return found ?? text.utf8.contains(where: needsEscape(byte:))
    }

    @inline(__always)
    private static func needsEscape(byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// Appends `text` as a JSON string literal (what `quoted` returns) to `out`.
    public static func appendQuoted(_ text: String, to out: inout String) {
        // Most strings need no escape.
        guard needsEscape(text) else {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// What is wrong with one JSONL line (the reader adds the file and line number).
public struct JSONLineError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
