import Foundation
import JSONLines
import MirrorBot

/// Reads one archive file (`window.YTD.<type>.partN = [ … ]`, X's; MirrorBotX reads its archive with it) entry by entry:
/// the file is memory-mapped once, the scanner finds each entry's bytes, and
/// each entry alone is decoded. Any fault is an `InputError` naming the file,
/// the line and the byte offset.
public struct ArchiveFileReader {
    public let path: String
    /// Mapped pages already read are dropped every this many entries.
    public var releaseInterval: Int

    public init(path: String, releaseInterval: Int = 1_000) {
        self.path = path
        self.releaseInterval = releaseInterval
    }

    /// Calls `body` with each decoded entry and its 1-based index. `body` may
    /// throw an `ArchiveEntryError`, which is reported at that entry's position.
    public func forEachEntry<Entry: Decodable>(
        as type: Entry.Type, _ body: (Entry, Int) throws -> Void
    ) throws {
        let file = try MappedFile(path: path)
        guard file.count > 0 else {
            throw InputError(file: path, message: "empty file: expected 'window.YTD.<type>.partN = [ … ]'")
        }
        try file.withBytes { bytes in
            try forEachEntry(as: type, in: bytes, release: { file.release(before: $0) }, body)
        }
    }

    /// The same over bytes in memory (the file's mapping, or a fuzzer's input);
    /// `release` is told every `releaseInterval` entries how far the reader got.
    public func forEachEntry<Entry: Decodable>(
        as type: Entry.Type, in bytes: UnsafeRawBufferPointer, release: (Int) -> Void = { _ in },
        _ body: (Entry, Int) throws -> Void
    ) throws {
        let decoder = JSONDecoder()
        var scanner: JSONArrayScanner
        do throws(JSONArrayScanner.Failure) {
            scanner = try JSONArrayScanner(bytes: bytes)
        } catch {
            throw inputError(error)
        }
        while true {
            let next: JSONArrayScanner.Element?
            do throws(JSONArrayScanner.Failure) {
                next = try scanner.next()
            } catch {
                throw inputError(error)
            }
            guard let element = next else { return }
            let position = Self.position(line: element.line, offset: element.range.lowerBound)
            do {
                let data = Data(UnsafeRawBufferPointer(rebasing: bytes[element.range]))
                try body(try decoder.decode(Entry.self, from: data), element.index)
            } catch let error as DecodingError {
                throw decodingError(error, element: element, bytes: bytes)
            } catch let error as ArchiveEntryError {
                throw InputError(file: path, position: position, message: "entry \(element.index): \(error.message)")
            }
            if element.index % releaseInterval == 0 {
                release(element.range.lowerBound)
            }
        }
    }

    /// A field error at the entry's start; a syntax error at the offending byte when it can be found.
    private func decodingError(_ error: DecodingError, element: JSONArrayScanner.Element, bytes: UnsafeRawBufferPointer) -> InputError {
        var offset = element.range.lowerBound
        var line = element.line
        var message = error.inputMessage
        if case .dataCorrupted = error,
           let syntax = JSONSyntaxError(Data(UnsafeRawBufferPointer(rebasing: bytes[element.range]))) {
            message = "not valid JSON: \(syntax.reason)"
            if let inside = syntax.offset, inside < element.range.count {
                offset += inside
                line += bytes[element.range.lowerBound..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
        }
        let entry = offset == element.range.lowerBound
            ? "entry \(element.index)" : "entry \(element.index) (starting line \(element.line))"
        return InputError(file: path, position: Self.position(line: line, offset: offset), message: "\(entry): \(message)")
    }

    private func inputError(_ failure: JSONArrayScanner.Failure) -> InputError {
        InputError(file: path, position: Self.position(line: failure.line, offset: failure.offset), message: failure.message)
    }

    static func position(line: Int, offset: Int) -> String {
        "line \(line), byte \(offset)"
    }
}
