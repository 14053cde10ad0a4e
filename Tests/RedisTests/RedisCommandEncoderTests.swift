import CHiredis
@testable import Redis
import MirrorBot
import Testing

/// The RESP encoder written in Swift (issue 30, fourth pass) against hiredis's own formatter,
/// which it replaces: the same bytes for random commands, empty, binary and long arguments.
@Suite("RedisCommandEncoder writes the bytes hiredis's formatter writes")
struct RedisCommandEncoderTests {
    /// hiredis's `redisFormatCommandArgv` of `arguments`.
    static func hiredis(_ arguments: [[UInt8]]) throws -> [UInt8] {
        var pointers: [UnsafePointer<CChar>?] = []
        let copies = arguments.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
            for (offset, byte) in bytes.enumerated() { copy[offset] = CChar(bitPattern: byte) }
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        pointers = copies.map { UnsafePointer($0) }
        let lengths = arguments.map(\.count)
        var formatted: UnsafeMutablePointer<CChar>?
        let length = redisFormatCommandArgv(&formatted, Int32(arguments.count), &pointers, lengths)
        let text = try #require(formatted)
        defer { redisFreeCommand(text) }
        return Array(UnsafeRawBufferPointer(start: text, count: Int(length)))
    }

    @Test("the same bytes as hiredis, 3,000 seeded random commands")
    func sameBytes() throws {
        var random = SeededGenerator(seed: 30)
        let pieces: [[UInt8]] = [[], Array("HMGET".utf8), Array("寿司".utf8), [0, 13, 10, 255], Array(repeating: 0x61, count: 1_000), [UInt8(ascii: "$")]]
        for _ in 0..<3_000 {
            let arguments = (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? [] }
            var request: [UInt8] = Array("*1\r\n$4\r\nPING\r\n".utf8)
            try RedisCommandEncoder.append(arguments, to: &request)
            #expect(request == Array("*1\r\n$4\r\nPING\r\n".utf8) + (try Self.hiredis(arguments)))
        }
        var request: [UInt8] = []
        try RedisCommandEncoder.append([Array("GET".utf8), Array("k".utf8)], to: &request)
        #expect(request == Array("*2\r\n$3\r\nGET\r\n$1\r\nk\r\n".utf8))
        #expect(throws: RedisError.self) { try RedisCommandEncoder.append([], to: &request) }
    }
}
