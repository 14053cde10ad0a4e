import Foundation
import JSONLines
import MirrorBot

/// Reads posts from a JSONL file, one object a line:
/// `{"id","text","created_at","in_reply_to_user_id"?,"in_reply_to_screen_name"?,"in_reply_to_post_id"?}`.
/// Ids may be strings or whole numbers; `created_at` is ISO 8601 or X's archive
/// format. Blank lines are skipped; a bad line is an `InputError` naming it.
struct JSONLPostReader {
    let path: String
    /// Dates outside are refused (`PlausibleDates.jsonl`).
    let dates: PlausibleDates

    func forEachPost(_ body: (Post) throws -> Void) throws {
        let file = try MappedFile(path: path)
        try file.withBytes { bytes in try forEachPost(in: bytes, body) }
    }

    /// The same over bytes in memory (the file's mapping, or a fuzzer's input).
    func forEachPost(in bytes: UnsafeRawBufferPointer, _ body: (Post) throws -> Void) throws {
        let decoder = JSONDecoder()
        var start = 0
        var line = 0
        while start < bytes.count {
            line += 1
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            start = end + 1
            guard text.contains(where: { !Self.isWhitespace($0) }) else { continue }
            do {
                try body(try decoder.decode(JSONLPost.self, from: Data(text)).post(dates: dates))
            } catch let error as DecodingError {
                var message = error.inputMessage
                if case .dataCorrupted = error, let syntax = JSONSyntaxError(Data(text)) {
                    message = "not valid JSON: \(syntax.reason)" + (syntax.offset.map { " at column \($0 + 1)" } ?? "")
                }
                throw InputError(file: path, position: "line \(line)", message: message)
            } catch let error as ArchiveEntryError {
                throw InputError(file: path, position: "line \(line)", message: error.message)
            }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
