/// Walks the one JSON array of an archive file (`window.YTD.tweets.part0 = [ … ]`)
/// element by element without parsing them: it tracks strings, escapes and
/// bracket depth only, and hands out each top-level element's byte range for
/// a real JSON decoder. Positions are 1-based lines and 0-based byte offsets.
struct JSONArrayScanner {
    /// Where and why the file's structure is broken.
    struct Failure: Error, Equatable {
        var offset: Int
        var line: Int
        var message: String
    }

    /// One top-level element: its bytes and where it starts.
    struct Element: Equatable {
        var range: Range<Int>
        var line: Int
        /// 1-based index in the array.
        var index: Int
    }

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    private(set) var line = 1
    private var count = 0
    private var finished = false

    /// Finds the array: after the first `=` (or at the start, for a plain JSON array).
    init(bytes: UnsafeRawBufferPointer) throws(Failure) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        if offset < bytes.count, bytes[offset] != UInt8(ascii: "[") {
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "=") { advance() }
            guard offset < bytes.count else {
                throw fail("no '=' found: expected 'window.YTD.<type>.partN = [ … ]'")
            }
            advance()
            skipWhitespace()
        }
        guard offset < bytes.count else { throw fail("file ends before the array: truncated?") }
        guard bytes[offset] == UInt8(ascii: "[") else { throw fail("expected '[' to start the array") }
        advance()
    }

    /// The next element, or nil after the closing `]` (checking nothing follows it).
    mutating func next() throws(Failure) -> Element? {
        guard !finished else { return nil }
        skipWhitespace()
        guard offset < bytes.count else { throw fail("file ends before the array is closed: truncated?") }
        if bytes[offset] == UInt8(ascii: "]") {
            advance()
            try finish()
            return nil
        }
        if count > 0 {
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw fail("expected ',' or ']' after entry \(count)")
            }
            advance()
            skipWhitespace()
            guard offset < bytes.count else { throw fail("file ends before the array is closed: truncated?") }
        }
        guard bytes[offset] == UInt8(ascii: "{") else { throw fail("expected an object for entry \(count + 1)") }
        let start = offset
        let startLine = line
        var depth = 0
        var inString = false
        while offset < bytes.count {
            let byte = bytes[offset]
            advance()
            if inString {
                if byte == UInt8(ascii: "\\") {
                    if offset < bytes.count { advance() }
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    count += 1
                    return Element(range: start..<offset, line: startLine, index: count)
                }
            default: break
            }
        }
        throw Failure(
            offset: start, line: startLine,
            message: "file ends inside entry \(count + 1): truncated?")
    }

    /// After `]`: whitespace and an optional `;` only.
    private mutating func finish() throws(Failure) {
        finished = true
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ";") { advance() }
        skipWhitespace()
        guard offset >= bytes.count else { throw fail("unexpected content after the array") }
    }

    private mutating func advance() {
        if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
        offset += 1
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): advance()
            default: return
            }
        }
    }

    private func fail(_ message: String) -> Failure {
        Failure(offset: offset, line: line, message: message)
    }
}
