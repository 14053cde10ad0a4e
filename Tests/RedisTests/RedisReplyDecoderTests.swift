import CHiredis
import Redis
import Testing

@Suite("RedisReplyDecoder decodes RESP fixtures with hiredis's reader")
struct RedisReplyDecoderTests {
    static let fixtures: [(String, RedisValue)] = [
        ("+OK\r\n", .status("OK")),
        ("-ERR unknown command 'FOO'\r\n", .error("ERR unknown command 'FOO'")),
        (":42\r\n", .integer(42)),
        (":-9223372036854775808\r\n", .integer(.min)),
        ("$5\r\nhello\r\n", .string("hello")),
        ("$0\r\n\r\n", .bulk([])),
        ("$-1\r\n", .null),
        ("*-1\r\n", .null),
        ("*0\r\n", .array([])),
        ("*3\r\n$1\r\na\r\n:1\r\n$-1\r\n", .array([.string("a"), .integer(1), .null])),
        ("*2\r\n*1\r\n+x\r\n*2\r\n:1\r\n-E\r\n", .array([.array([.status("x")]), .array([.integer(1), .error("E")])])),
        ("$9\r\n日本語\r\n", .string("日本語")),
    ]

    @Test("each fixture decodes to its value", arguments: fixtures)
    func decodes(bytes: String, expected: RedisValue) throws {
        let decoder = try RedisReplyDecoder()
        decoder.feed(Array(bytes.utf8))
        #expect(try decoder.next() == expected)
        #expect(try decoder.next() == nil)
    }

    @Test("bulk strings are binary safe: NUL, CR LF and invalid UTF-8 survive")
    func binarySafe() throws {
        let payload: [UInt8] = [0x61, 0x00, 0x0D, 0x0A, 0xFF, 0xFE, 0x62]
        let decoder = try RedisReplyDecoder()
        decoder.feed(Array("$7\r\n".utf8) + payload + Array("\r\n".utf8))
        #expect(try decoder.next() == .bulk(payload))
    }

    @Test("a reply split across feeds is returned once complete")
    func partial() throws {
        let decoder = try RedisReplyDecoder()
        decoder.feed(Array("*2\r\n$5\r\nhel".utf8))
        #expect(try decoder.next() == nil)
        decoder.feed(Array("lo\r\n:7".utf8))
        #expect(try decoder.next() == nil)
        decoder.feed(Array("\r\n+NEXT\r\n".utf8))
        #expect(try decoder.next() == .array([.string("hello"), .integer(7)]))
        #expect(try decoder.next() == .status("NEXT"))
        #expect(try decoder.next() == nil)
    }

    @Test("bytes that are not RESP throw a protocol error")
    func malformed() throws {
        let decoder = try RedisReplyDecoder()
        decoder.feed(Array("!nonsense\r\n".utf8))
        let error = try #require(throws: RedisError.self) { try decoder.next() }
        #expect(error.kind == .protocolError)
    }

    @Test("the C reader itself agrees on the reply type (fixture sanity check)")
    func rawReader() throws {
        let reader = try #require(redisReaderCreate())
        defer { redisReaderFree(reader) }
        let bytes = Array(":5\r\n".utf8).map { CChar(bitPattern: $0) }
        #expect(redisReaderFeed(reader, bytes, bytes.count) == REDIS_OK)
        var reply: UnsafeMutableRawPointer?
        #expect(redisReaderGetReply(reader, &reply) == REDIS_OK)
        let raw = try #require(reply)
        defer { freeReplyObject(raw) }
        #expect(raw.assumingMemoryBound(to: redisReply.self).pointee.type == REDIS_REPLY_INTEGER)
        #expect(raw.assumingMemoryBound(to: redisReply.self).pointee.integer == 5)
    }

    @Test("value accessors")
    func accessors() {
        #expect(RedisValue.string("12").integer == 12)
        #expect(RedisValue.integer(3).integer == 3)
        #expect(RedisValue.status("OK").string == "OK")
        #expect(RedisValue.null.string == nil)
        #expect(RedisValue.array([.null]).array == [.null])
        #expect(throws: RedisError.self) { try RedisValue.error("ERR x").throwingOnError() }
    }
}
