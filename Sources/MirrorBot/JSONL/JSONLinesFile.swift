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
    private let data: Data

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
    public func lines<T>(_ transform: (_ object: [String: JSONValue], _ line: Int) throws(JSONLineError) -> T) throws -> [(line: Int, value: T)] {
        guard var text = String(data: data, encoding: .utf8) else {
            throw InputError(file: name, message: "not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a byte-order mark some editors write
        var results: [(line: Int, value: T)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.last == "\r" ? raw.dropLast() : raw
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            do {
                let object = try JSONValue.object(parsing: line)
                results.append((index + 1, try transform(object, index + 1)))
            } catch {
                throw InputError(file: name, position: "line \(index + 1)", message: error.message)
            }
        }
        return results
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
