import MirrorBot
@testable import Redis
import Testing

/// `RESPLengthGuard` with its header bytes beside the state (issue 30, fourth pass; before, an
/// enum payload carried them) against a model of what the guard did, reading the whole stream
/// at once: random streams of replies, good and refused headers, cut at random places.
@Suite("RESPLengthGuard: the header bytes beside the state give the guard's answers as before")
struct RESPLengthGuardDifferentialTests {
    /// How many bytes of `stream` the guard lets through, and whether it refuses: a header runs
    /// from its type byte to the first LF after a CR after it; its first 25 bytes with the CR are
    /// kept, less a last CR; `*` and `$` must count `-1` or 1-18 digits within the limit (else
    /// the bytes before its LF are all that pass); a bulk string's bytes are skipped by length.
    static func model(_ stream: [UInt8], maxElements: Int, maxBulkLength: Int) -> (admitted: Int, refused: Bool) {
        let carriageReturn = UInt8(ascii: "\r")
        var index = 0
        while index < stream.count {
            let type = stream[index]
            var end = index + 2
            while end < stream.count, !(stream[end] == UInt8(ascii: "\n") && stream[end - 1] == carriageReturn) { end += 1 }
            guard end < stream.count else { return (stream.count, false) }
            var kept = Array((Array(stream[(index + 1)..<(end - 1)]) + [carriageReturn]).prefix(25))
            if kept.last == carriageReturn { kept.removeLast() }
            index = end + 1
            guard type == UInt8(ascii: "*") || type == UInt8(ascii: "$") else { continue }
            let digits = (1...18).contains(kept.count) && kept.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard let count = kept == Array("-1".utf8) ? -1 : digits ? Int(String(decoding: kept, as: UTF8.self)) : nil,
                  count <= (type == UInt8(ascii: "*") ? maxElements : maxBulkLength) else { return (end, true) }
            if type == UInt8(ascii: "$"), count >= 0 { index += count + 2 }
        }
        return (stream.count, false)
    }

    static let pieces = [
        "+OK\r\n", ":42\r\n", "-ERR x\r\n", "$5\r\nhello\r\n", "$0\r\n\r\n", "$-1\r\n", "*-1\r\n", "*2\r\n", "*0\r\n", "$3\r\na\r\n\r\n",
        "*9\r\n", "*10\r\n", "$11\r\n", "$x\r\n", "*+1\r\n", "$0001\r\n", "*1234567890123456789\r\n", "$\r\n", "\r", "\n", "\r\r\n", "*2\r", "$1\n",
        "$2\r\n\r\n\r\n", "+\r\n", "*-2\r\n", "$-0\r\n", "*" + String(repeating: "9", count: 30) + "\r\n", "$1\r2\r\n", "日本\r\n",
    ]

    @Test("the bytes the model admits and its refusals, 5,000 seeded random streams cut at random places")
    func streams() {
        var random = SeededGenerator(seed: 15)
        for _ in 0..<5_000 {
            let stream = Array((0..<Int.random(in: 1...12, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined().utf8)
            var guardian = RESPLengthGuard(maxElements: 9, maxBulkLength: 10)
            var admitted = 0
            var start = 0
            while start < stream.count {
                let end = min(stream.count, start + Int.random(in: 1...8, using: &random))
                admitted += guardian.admit(Array(stream[start..<end]))
                let expected = Self.model(Array(stream[..<end]), maxElements: 9, maxBulkLength: 10)
                #expect(admitted == expected.admitted && (guardian.failure != nil) == expected.refused,
                        "\(String(decoding: stream, as: UTF8.self).debugDescription) cut at \(end)")
                start = end
            }
        }
    }
}
