import Foundation

/// A JSONL file (one JSON object a line) read whole, or standard input for `-`.
///
/// Lines are numbered from 1 as in the file; blank lines are skipped (they keep
/// their number, so later lines are still named by their real line). A line
/// that is not a JSON object, or that `transform` rejects, is an `InputError`
/// naming the file and the line: the whole file is checked before anything is
/// returned, so a caller acts on all of it or on none of it.
public struct JSONLinesFile: Sendable {
    /// The name used in errors: the path as given, or `stdin`.
    public let name: String
    @usableFromInline let data: Data

    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }

    /// Reads `path` (relative to `currentDirectory`), or standard input when `path` is `-`.
    public static func read(_ path: String, currentDirectory: String) throws -> JSONLinesFile {
        if path == "-" {
            return JSONLinesFile(name: "stdin", data: FileHandle.standardInput.readDataToEndOfFile())
        }
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory))
        do {
            return JSONLinesFile(name: path, data: try Data(contentsOf: url))
        } catch {
            throw InputError(file: path, message: "cannot read the file")
        }
    }

    /// Every non-blank line turned into a `T`, with its line number, in file order.
    ///
    /// Lines end at each line feed (a carriage return before it is dropped). Each line is read
    /// by `FlatJSONObject` when it is a flat object, else by `JSONDecoder`: the same values
    /// and the same errors either way, a tenth of the time for the common line. Inlinable, so a
    /// caller's `T` is specialized (issue 30, fourth pass: from the core it ran as generic code).
    @inlinable
    public func lines<T>(_ transform: (_ object: [String: JSONValue], _ line: Int) throws(JSONLineError) -> T) throws -> [(line: Int, value: T)] {
        guard var text = String(data: data, encoding: .utf8) else {
            throw InputError(file: name, message: "not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a byte-order mark some editors write
        let name = name
        return try text.withUTF8 { bytes in
            var results: [(line: Int, value: T)] = []
            var lineNumber = 0
            var start = 0
            while start <= bytes.count {
                lineNumber += 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let contentEnd = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
                let line = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
                start = end + 1
                guard !Self.isBlank(line) else { continue }
                do throws(JSONLineError) {
                    let object = if let flat = FlatJSONObject.parse(line) { flat } else {
                        try JSONValue.object(parsing: Substring(String(decoding: line, as: UTF8.self)))
                    }
                    results.append((lineNumber, try transform(object, lineNumber)))
                } catch {
                    throw InputError(file: name, position: "line \(lineNumber)", message: error.message)
                }
            }
            return results
        }
    }

    /// True when every character of the line is whitespace (Unicode's, as `Character.isWhitespace`).
    @usableFromInline
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var asciiOnly = true
        for byte in line {
            if byte >= 0x80 {
                asciiOnly = false
            } else if byte != UInt8(ascii: " "), !(0x09...0x0D).contains(byte) {
                return false  // an ASCII character that is not whitespace is a character of its own
            }
        }
        return asciiOnly || String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
    }
}

extension [String: JSONValue] {
    /// The string field `key`; a missing or non-string field is a `JSONLineError` naming it.
    public func requiredString(_ key: String) throws(JSONLineError) -> String {
        switch self[key] {
        case .string(let value): return value
        case nil, .null: throw JSONLineError("\"\(key)\" is missing")
        default: throw JSONLineError("\"\(key)\" must be a string")
        }
    }
}
