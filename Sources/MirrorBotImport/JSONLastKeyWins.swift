import Foundation

/// A JSON object's repeated key resolved as JavaScript, Python and Ruby resolve it:
/// the last value wins. Foundation's `JSONDecoder` keeps the first (Swift 6.3 on
/// Linux), so a Mastodon export written as `"orderedItems":[],"orderedItems":[…]`
/// reads as empty. `keepingLast` blanks every earlier member of a repeated key
/// with spaces (key, value and its comma), so any decoder then sees the last one only.
///
/// One pass over the bytes with an explicit stack (no recursion, so no depth a
/// hostile file can exhaust), checking the grammar as it goes (RFC 8259: literals,
/// numbers, string escapes, no control characters in strings, UTF-8). Text that is
/// not valid JSON is given back unchanged, for the decoder to refuse with its own
/// message: blanking must never turn a broken file into a readable one.
public enum JSONLastKeyWins {
    /// `data` with earlier members of repeated keys blanked; `data` itself when no key repeats or it is not JSON.
    public static func keepingLast(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil,
              let blanks = bytes.withUnsafeBufferPointer({ buffer in
                  var scan = Scan(bytes: buffer)
                  return scan.run()
              }), !blanks.isEmpty
        else { return data }
        var out = bytes
        for range in blanks {
            for index in range where out[index] != UInt8(ascii: "\n") { out[index] = UInt8(ascii: " ") }
        }
        return Data(out)
    }

    /// How many members `keepingLast` would blank (0 for text that is not JSON); for tests and reports.
    public static func repeatedMembers(in data: Data) -> Int {
        let bytes = [UInt8](data)
        return bytes.withUnsafeBufferPointer { buffer in
            var scan = Scan(bytes: buffer)
            return scan.run()?.count
        } ?? 0
    }
}

/// The grammar walk behind `JSONLastKeyWins`: the byte ranges to blank, or nil when the text is not JSON.
private struct Scan {
    /// An open object: the keys of its finished members (with their ranges, comma included) and the member being read.
    struct Object {
        var members: [String: Range<Int>] = [:]
        var key: String?
        var start = 0
    }

    enum Frame {
        case array
        /// Its state is the last of `objects` (kept apart so it is changed in place, never copied).
        case object
    }

    /// What may come next.
    enum Expect {
        case value, keyOrClose, key, colon, commaOrClose, valueOrClose
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var stack: [Frame] = []
    var objects: [Object] = []
    var blanks: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func run() -> [Range<Int>]? {
        var expect = Expect.value
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        while true {
            skipWhitespace()
            guard offset < bytes.count else {
                return stack.isEmpty && expect == .commaOrClose ? blanks : nil
            }
            let byte = bytes[offset]
            switch expect {
            case .value, .valueOrClose:
                if expect == .valueOrClose, byte == UInt8(ascii: "]") {
                    guard case .array = stack.last else { return nil }
                    offset += 1
                    stack.removeLast()
                    expect = .commaOrClose
                    continue
                }
                guard value(byte) else { return nil }
                if byte == UInt8(ascii: "{") { expect = .keyOrClose } else if byte == UInt8(ascii: "[") { expect = .valueOrClose } else {
                    expect = .commaOrClose
                }
                if stack.isEmpty, expect == .commaOrClose { return trailing() }
            case .keyOrClose, .key:
                if expect == .keyOrClose, byte == UInt8(ascii: "}") {
                    offset += 1
                    guard close() else { return nil }
                    expect = .commaOrClose
                    if stack.isEmpty { return trailing() }
                    continue
                }
                guard byte == UInt8(ascii: "\""), case .object = stack.last else { return nil }
                let start = offset
                guard let key = string() else { return nil }
                objects[objects.count - 1].key = key
                objects[objects.count - 1].start = start
                expect = .colon
            case .colon:
                guard byte == UInt8(ascii: ":") else { return nil }
                offset += 1
                expect = .value
            case .commaOrClose:
                switch (byte, stack.last) {
                case (UInt8(ascii: ","), .array?):
                    offset += 1
                    expect = .value
                case (UInt8(ascii: ","), .object?):
                    finishMember(through: offset + 1)
                    offset += 1
                    expect = .key
                case (UInt8(ascii: "]"), .array?):
                    offset += 1
                    stack.removeLast()
                case (UInt8(ascii: "}"), .object?):
                    offset += 1
                    guard close() else { return nil }
                default:
                    return nil
                }
                if stack.isEmpty { return trailing() }
            }
        }
    }

    /// Only whitespace may follow the top-level value.
    mutating func trailing() -> [Range<Int>]? {
        skipWhitespace()
        return offset == bytes.count ? blanks : nil
    }

    /// Closes the innermost object (its last member ends at the `}` just passed).
    mutating func close() -> Bool {
        guard case .object = stack.last else { return false }
        if objects[objects.count - 1].key != nil { finishMember(through: offset - 1) }
        stack.removeLast()
        objects.removeLast()
        return true
    }

    /// The current member of the innermost object ends before `end`; an earlier member with its key is blanked.
    mutating func finishMember(through end: Int) {
        guard case .object = stack.last, let key = objects[objects.count - 1].key else { return }
        let start = objects[objects.count - 1].start
        if let earlier = objects[objects.count - 1].members.updateValue(start..<end, forKey: key) {
            blanks.append(earlier)
        }
        objects[objects.count - 1].key = nil
    }

    /// Reads one value's start: a scalar whole, or the opening of an object or array (pushed).
    mutating func value(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"):
            offset += 1
            stack.append(.object)
            objects.append(Object())
            return true
        case UInt8(ascii: "["):
            offset += 1
            stack.append(.array)
            return true
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
        offset += count
        return true
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func number() -> Bool {
        if peek(UInt8(ascii: "-")) { offset += 1 }
        if peek(UInt8(ascii: "0")) {
            offset += 1
        } else {
            guard digits() else { return false }
        }
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard digits() else { return false }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            offset += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            guard digits() else { return false }
        }
        return true
    }

    /// One or more digits.
    mutating func digits() -> Bool {
        let start = offset
        while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") { offset += 1 }
        return offset > start
    }

    func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

    /// A string from its opening quote; its value (escapes decoded), or nil when malformed.
    mutating func string() -> String? {
        let start = offset
        offset += 1
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\"") {
                offset += 1
                let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(offset - 1)])
                return escaped ? Self.unescaped(UnsafeBufferPointer(rebasing: bytes[start..<offset])) : String(decoding: inner, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard offset + 1 < bytes.count else { return nil }
                switch bytes[offset + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    offset += 2
                case UInt8(ascii: "u"):
                    // A surrogate must come in a pair (high, then low), as Foundation's decoder requires.
                    guard let unit = hexUnit(at: offset) else { return nil }
                    offset += 6
                    if (0xDC00...0xDFFF).contains(unit) { return nil }
                    if (0xD800...0xDBFF).contains(unit) {
                        guard let low = hexUnit(at: offset), (0xDC00...0xDFFF).contains(low) else { return nil }
                        offset += 6
                    }
                default:
                    return nil
                }
                continue
            }
            offset += 1
        }
        return nil
    }

    /// The UTF-16 unit of a `\uXXXX` escape starting at `index`, or nil.
    func hexUnit(at index: Int) -> UInt16? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[(index + 2)..<(index + 6)].allSatisfy({ Self.isHexDigit($0) })
        else { return nil }
        return UInt16(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<(index + 6)]), as: UTF8.self), radix: 16)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// A quoted string with escapes (surrogates already checked to be paired), decoded as the decoder will.
    static func unescaped(_ quoted: UnsafeBufferPointer<UInt8>) -> String {
        var units: [UInt16] = []
        var index = 1
        let end = quoted.count - 1
        var plain: [UInt8] = []
        func flush() {
            units.append(contentsOf: String(decoding: plain, as: UTF8.self).utf16)
            plain.removeAll(keepingCapacity: true)
        }
        while index < end {
            let byte = quoted[index]
            guard byte == UInt8(ascii: "\\") else {
                plain.append(byte)
                index += 1
                continue
            }
            flush()
            let kind = quoted[index + 1]
            switch kind {
            case UInt8(ascii: "u"):
                let hex = String(decoding: UnsafeBufferPointer(rebasing: quoted[(index + 2)..<(index + 6)]), as: UTF8.self)
                units.append(UInt16(hex, radix: 16) ?? 0xFFFD)
                index += 6
                continue
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            default: units.append(UInt16(kind))
            }
            index += 2
        }
        flush()
        return String(decoding: units, as: UTF16.self)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }
}
