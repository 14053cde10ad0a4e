import CHiredis

/// Owns one hiredis reader and frees it with the owner.
private final class ReaderHandle {
    let raw: UnsafeMutablePointer<redisReader>
    init(_ raw: UnsafeMutablePointer<redisReader>) { self.raw = raw }
    deinit { redisReaderFree(raw) }
}

/// Decodes RESP bytes into `RedisValue`s with hiredis's own reader, no socket needed.
///
/// The connection decodes replies with the same `RedisValue(reply:)` copy, so
/// tests that feed byte fixtures here test the real boundary:
///
///     let decoder = try RedisReplyDecoder()
///     decoder.feed(Array("*2\r\n:1\r\n$-1\r\n".utf8))
///     try decoder.next()   // .array([.integer(1), .null])
///
/// Array and bulk-string lengths are checked before hiredis sees them
/// (`RESPLengthGuard`): an array announcing more than `maxElements` elements, or
/// a bulk string longer than `maxBulkLength`, is a protocol error once the
/// replies before it are taken, and the stream stays failed.
///
/// Not thread-safe: one owner at a time.
public final class RedisReplyDecoder {
    /// 1,048,576 elements: far above any reply mirror-bot asks for; hiredis allocates 8 MB for it at once.
    public static let defaultMaxElements = 1 << 20
    /// 512 MB, the Redis server's own limit on a bulk string (`proto-max-bulk-len`).
    public static let defaultMaxBulkLength = 512 * 1024 * 1024

    private let reader: ReaderHandle
    private var lengths: RESPLengthGuard

    public init(maxElements: Int = defaultMaxElements, maxBulkLength: Int = defaultMaxBulkLength) throws {
        guard let raw = redisReaderCreate() else {
            throw RedisError(kind: .protocolError, message: "could not create a reply reader (out of memory)")
        }
        reader = ReaderHandle(raw)
        lengths = RESPLengthGuard(maxElements: maxElements, maxBulkLength: maxBulkLength)
    }

    /// Appends bytes received from a server (after a refused length, nothing more is taken).
    public func feed(_ bytes: [UInt8]) {
        let admitted = lengths.admit(bytes)
        guard admitted > 0 else { return }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = redisReaderFeed(reader.raw, chars.baseAddress, admitted)
            }
        }
    }

    /// The next complete reply, nil when more bytes are needed; throws on malformed input.
    public func next() throws -> RedisValue? {
        var reply: UnsafeMutableRawPointer?
        guard redisReaderGetReply(reader.raw, &reply) == REDIS_OK else {
            throw RedisError(kind: .protocolError, message: errorText(reader.raw.pointee.errstr))
        }
        guard let reply else {
            if let failure = lengths.failure { throw RedisError(kind: .protocolError, message: failure) }
            return nil
        }
        defer { freeReplyObject(reply) }
        return RedisValue(reply: reply.assumingMemoryBound(to: redisReply.self))
    }
}

/// Reads hiredis's fixed 128-byte `errstr` (imported as a tuple) up to its NUL.
func errorText<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        let bytes = raw.prefix { $0 != 0 }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }
}
