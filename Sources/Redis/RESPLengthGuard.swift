/// Reads the RESP framing of a reply stream before hiredis does, to refuse the
/// counts hiredis would trust: hiredis 0.14 callocs an array's announced element
/// slots at once (`*429496729` asks for 3.4 GB) and, on an error, walks them all;
/// it buffers a bulk string of any announced length. Found by fuzzing (issue 15).
///
/// A plain value: bytes in, how many of them hiredis may see out. Only the
/// headers of arrays (`*`) and bulk strings (`$`) are checked: they must be
/// `-1` or decimal digits up to the limits, and nothing else, so that every
/// header passed on means to hiredis what it means here. Other lines are skipped
/// to their CR LF, a bulk string's bytes by its length (plus CR LF), as hiredis
/// does; whatever else is wrong is left to hiredis to refuse.
struct RESPLengthGuard: Sendable {
    /// The most elements one array may announce (hiredis allocates 8 bytes per slot at once).
    let maxElements: Int
    /// The longest bulk string (the Redis server's own `proto-max-bulk-len`, 512 MB).
    let maxBulkLength: Int

    private enum State: Sendable {
        /// The next byte is a reply's type byte.
        case lineStart
        /// In a header line of `lineType`; `lineContent` is what came after the type byte (kept
        /// only for `*` and `$`), `afterCR` whether the last byte was CR.
        case line
        /// Inside a bulk string: this many bytes (its CR LF included) to go.
        case bulk(remaining: Int)
    }

    private var state = State.lineStart
    // The header line's fields live beside the state, not in it: an enum payload holding the
    // bytes was copied at every byte of every header (issue 30, fourth pass: a tenth of a
    // classify batch's round trip).
    private var lineType: UInt8 = 0
    private var lineContent: [UInt8] = []
    private var afterCR = false
    /// Why the stream was refused: every byte from the refused header on is held back.
    private(set) var failure: String?

    init(maxElements: Int, maxBulkLength: Int) {
        self.maxElements = maxElements
        self.maxBulkLength = maxBulkLength
    }

    /// How many of `bytes` (the next bytes of the stream) may go to hiredis: all of
    /// them, or those before the end of a refused header (then `failure` says why).
    mutating func admit(_ bytes: [UInt8]) -> Int {
        guard failure == nil else { return 0 }
        var index = 0
        while index < bytes.count {
            switch state {
            case .lineStart:
                lineType = bytes[index]
                lineContent.removeAll(keepingCapacity: true)
                afterCR = false
                state = .line
                index += 1
            case .bulk(let remaining):
                let taken = min(remaining, bytes.count - index)
                index += taken
                state = remaining == taken ? .lineStart : .bulk(remaining: remaining - taken)
            case .line:
                let byte = bytes[index]
                if afterCR && byte == UInt8(ascii: "\n") {
                    // The CR before this LF ends the line (a header's content holds at most 25 bytes).
                    if lineContent.last == UInt8(ascii: "\r") { lineContent.removeLast() }
                    if let refusal = endLine(type: lineType, content: lineContent) {
                        failure = refusal
                        return index
                    }
                } else {
                    let kept = lineType == UInt8(ascii: "*") || lineType == UInt8(ascii: "$")
                    // A header is a few digits; a longer one is refused at its end anyway.
                    if kept && lineContent.count < 25 { lineContent.append(byte) }
                    afterCR = byte == UInt8(ascii: "\r")
                }
                index += 1
            }
        }
        return index
    }

    /// The state after a complete header line; a refusal when its count is not one to pass on.
    private mutating func endLine(type: UInt8, content: [UInt8]) -> String? {
        state = .lineStart
        switch type {
        case UInt8(ascii: "*"):
            guard let count = Self.length(content), count <= maxElements else {
                return "array length \(Self.shown(content)) refused (at most \(maxElements) elements)"
            }
        case UInt8(ascii: "$"):
            guard let length = Self.length(content), length <= maxBulkLength else {
                return "bulk string length \(Self.shown(content)) refused (at most \(maxBulkLength) bytes)"
            }
            if length >= 0 { state = .bulk(remaining: length + 2) }
        default:
            break
        }
        return nil
    }

    /// `-1`, or 1 to 18 decimal digits (no sign, no space); nil for anything else.
    private static func length(_ content: [UInt8]) -> Int? {
        if content == Array("-1".utf8) { return -1 }
        guard (1...18).contains(content.count), content.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return content.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The announced count as text, shortened; non-printable bytes as `?`.
    private static func shown(_ content: [UInt8]) -> String {
        let printable = content.prefix(20).map { (0x20..<0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "?" }
        return "'" + String(printable) + (content.count > 20 ? "…" : "") + "'"
    }
}
