import Redis

extension FuzzTarget {
    /// Bytes from a Redis server through hiredis's reader (`RedisReplyDecoder`). The first
    /// byte sets the size of the pieces the rest is fed in; fed whole or in pieces, the
    /// same replies must come out, up to the first protocol error. Huge announced arrays and
    /// bulk strings are the decoder's to refuse (`RESPLengthGuard`): hiredis would allocate them.
    static let resp = FuzzTarget(name: "resp", about: "RedisReplyDecoder: hiredis's reader fed RESP bytes") { bytes in
        guard let first = bytes.first else { return }
        let payload = Array(bytes.dropFirst())
        let whole = decodeAll([payload])
        let size = Int(first % 16) + 1
        let pieces = stride(from: 0, to: payload.count, by: size).map { Array(payload[$0..<min($0 + size, payload.count)]) }
        let split = decodeAll(pieces)
        fuzzCheck(whole.values == split.values, "fed in pieces of \(size), the replies differ: \(whole.values) vs \(split.values)")
        fuzzCheck(whole.failed == split.failed, "fed in pieces of \(size), one way fails and the other does not")
    }

    /// Feeds each piece, taking every complete reply after it; stops at a protocol error.
    static func decodeAll(_ pieces: [[UInt8]]) -> (values: [RedisValue], failed: Bool) {
        guard let decoder = try? RedisReplyDecoder() else { return ([], true) }
        var values: [RedisValue] = []
        do {
            for piece in pieces {
                decoder.feed(piece)
                while let value = try decoder.next() {
                    _ = (value.string, value.integer, value.array?.count)
                    values.append(value)
                }
            }
        } catch {
            return (values, true)
        }
        return (values, false)
    }
}
