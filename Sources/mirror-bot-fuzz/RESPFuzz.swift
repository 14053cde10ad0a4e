import Redis

extension FuzzTarget {
    /// Bytes from a Redis server through hiredis's reader (`RedisReplyDecoder`). The first
    /// byte sets the size of the pieces the rest is fed in; fed whole or in pieces, the
    /// same replies must come out, up to the first protocol error.
    static let resp = FuzzTarget(name: "resp", about: "RedisReplyDecoder: hiredis's reader fed RESP bytes") { bytes in
        guard let first = bytes.first else { return }
        let payload = Array(bytes.dropFirst())
        guard !announcesHugeArray(payload) else { return }
        let whole = decodeAll([payload])
        let size = Int(first % 16) + 1
        let pieces = stride(from: 0, to: payload.count, by: size).map { Array(payload[$0..<min($0 + size, payload.count)]) }
        let split = decodeAll(pieces)
        fuzzCheck(whole.values == split.values, "fed in pieces of \(size), the replies differ: \(whole.values) vs \(split.values)")
        fuzzCheck(whole.failed == split.failed, "fed in pieces of \(size), one way fails and the other does not")
    }

    /// Whether a `*` is followed by a count of seven digits or more. hiredis 0.14 allocates the announced
    /// element array at once and, on an error, walks all of it: `*1777777777` then a bad byte
    /// asked for 14 GB and took over 15 s (found by this target; docs/FUZZING.md). A known limit
    /// of the C reader, reported rather than fuzzed again and again.
    static func announcesHugeArray(_ payload: [UInt8]) -> Bool {
        var index = 0
        while let star = payload[index...].firstIndex(of: UInt8(ascii: "*")) {
            let digits = payload[(star + 1)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if digits.count > 6 { return true }
            index = star + 1
        }
        return false
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
