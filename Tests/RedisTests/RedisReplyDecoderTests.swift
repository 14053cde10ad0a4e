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

    /// Feeds `text` whole, or one byte at a time; returns the replies and the error that ended them.
    static func decode(_ text: String, bytewise: Bool, decoder: RedisReplyDecoder) -> (values: [RedisValue], error: RedisError?) {
        let bytes = Array(text.utf8)
        var values: [RedisValue] = []
        do {
            for piece in bytewise ? bytes.map({ [$0] }) : [bytes] {
                decoder.feed(piece)
                while let value = try decoder.next() { values.append(value) }
            }
        } catch let error as RedisError {
            return (values, error)
        } catch {
            return (values, RedisError(kind: .unexpectedReply, message: "\(error)"))
        }
        return (values, nil)
    }

    @Test("an announced array above the limit is a protocol error before hiredis allocates it (fuzzing, issue 15)",
        arguments: [false, true])
    func hugeArray(bytewise: Bool) throws {
        // hiredis 0.14 callocs 8 bytes per announced element at once: this was 3.4 GB.
        let (values, error) = Self.decode("+OK\r\n*429496729\r\n:1\r\n", bytewise: bytewise, decoder: try RedisReplyDecoder())
        #expect(values == [.status("OK")])
        let refused = try #require(error)
        #expect(refused.kind == .protocolError)
        #expect(refused.description == "Redis protocol error: array length '429496729' refused (at most 1048576 elements)")
    }

    @Test("the stream stays failed after a refused length, whatever comes next")
    func staysFailed() throws {
        let decoder = try RedisReplyDecoder()
        decoder.feed(Array("*1777777777\r\n".utf8))
        #expect(throws: RedisError.self) { try decoder.next() }
        decoder.feed(Array("+OK\r\n".utf8))
        #expect(throws: RedisError.self) { try decoder.next() }
    }

    @Test("a bulk string above 512 MB is refused; one of exactly 512 MB is awaited")
    func bulkLimit() throws {
        let over = try RedisReplyDecoder()
        over.feed(Array("$536870913\r\n".utf8))
        let error = try #require(throws: RedisError.self) { try over.next() }
        #expect(error.message == "bulk string length '536870913' refused (at most 536870912 bytes)")
        let at = try RedisReplyDecoder()
        at.feed(Array("$536870912\r\nabc".utf8))
        #expect(try at.next() == nil)
    }

    @Test("the limits are the decoder's: at the limit decodes, one above is refused", arguments: [false, true])
    func configuredLimits(bytewise: Bool) throws {
        let limited = { try RedisReplyDecoder(maxElements: 2, maxBulkLength: 3) }
        #expect(Self.decode("*2\r\n$3\r\nabc\r\n:2\r\n", bytewise: bytewise, decoder: try limited()).values
            == [.array([.string("abc"), .integer(2)])])
        #expect(Self.decode("*2\r\n$4\r\nabcd\r\n", bytewise: bytewise, decoder: try limited()).error?.kind == .protocolError)
        #expect(Self.decode("*1\r\n*3\r\n", bytewise: bytewise, decoder: try limited()).error?.kind == .protocolError)
    }

    @Test("a length that is not -1 or plain digits is refused", arguments: ["*+1\r\n", "*-2\r\n", "$-5\r\n", "$ 3\r\n", "*1x\r\n", "*\r\n",
        "$18446744073709551617\r\n", "*1\r2\r\n"])
    func oddLengths(header: String) throws {
        let error = try #require(Self.decode(header, bytewise: false, decoder: try RedisReplyDecoder()).error)
        #expect(error.kind == .protocolError)
    }

    @Test("a bulk string's bytes are data, not headers: a huge count inside one is no count")
    func countInsideBulk() throws {
        let (values, error) = Self.decode("$13\r\n*9999999999\r\n\r\n:5\r\n", bytewise: true, decoder: try RedisReplyDecoder())
        #expect(error == nil)
        #expect(values == [.string("*9999999999\r\n"), .integer(5)])
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
