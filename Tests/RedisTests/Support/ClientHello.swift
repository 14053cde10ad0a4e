/// Reads the server name (SNI) out of the first bytes a TLS client sends.
enum ClientHello {
    /// The `server_name` extension's host name; nil when there is none or the bytes are not a ClientHello.
    static func serverName(in bytes: [UInt8]) -> String? {
        var reader = Reader(bytes: bytes[...])
        guard reader.byte() == 0x16, reader.skip(2), reader.number(2) != nil else { return nil }  // handshake record
        guard reader.byte() == 0x01, reader.skip(3) else { return nil }  // ClientHello and its length
        guard reader.skip(2 + 32) else { return nil }  // version, random
        guard let session = reader.number(1), reader.skip(session) else { return nil }
        guard let suites = reader.number(2), reader.skip(suites) else { return nil }
        guard let compression = reader.number(1), reader.skip(compression) else { return nil }
        guard reader.number(2) != nil else { return nil }
        while let type = reader.number(2), let length = reader.number(2) {
            guard type == 0 else {
                guard reader.skip(length) else { return nil }
                continue
            }
            guard reader.number(2) != nil, reader.byte() == 0, let nameLength = reader.number(2),
                  let name = reader.take(nameLength) else { return nil }
            return String(decoding: name, as: UTF8.self)
        }
        return nil
    }

    private struct Reader {
        var bytes: ArraySlice<UInt8>

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard bytes.count >= count else { return nil }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }

        mutating func skip(_ count: Int) -> Bool { take(count) != nil }

        mutating func byte() -> UInt8? { take(1)?.first }

        /// A big-endian number of `width` bytes.
        mutating func number(_ width: Int) -> Int? {
            take(width)?.reduce(0) { $0 << 8 | Int($1) }
        }
    }
}
