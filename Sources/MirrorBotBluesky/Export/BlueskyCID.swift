/// A content identifier as bytes (CIDv1: version, codec, multihash; or a 34-byte CIDv0).
struct BlueskyCID: Hashable, Sendable, CustomStringConvertible {
    var bytes: [UInt8]

    /// The CID at the start of `data` and its length in bytes; nil when it is not one.
    static func read(_ data: ArraySlice<UInt8>) -> (BlueskyCID, Int)? {
        let start = data.startIndex
        if data.count >= 34, data[start] == 0x12, data[start + 1] == 0x20 {
            return (BlueskyCID(bytes: Array(data.prefix(34))), 34)
        }
        var index = start
        guard let (version, a) = Varint.read(data[index...]), version == 1 else { return nil }
        index += a
        guard let (_, b) = Varint.read(data[index...]) else { return nil }  // codec
        index += b
        guard let (_, c) = Varint.read(data[index...]) else { return nil }  // hash function
        index += c
        guard let (length, d) = Varint.read(data[index...]), length <= 128 else { return nil }
        index += d
        guard data.endIndex - index >= Int(length) else { return nil }
        index += Int(length)
        return (BlueskyCID(bytes: Array(data[start..<index])), index - start)
    }

    /// A DAG-CBOR link: tag 42 around a byte string of 0x00 and the CID.
    init?(link bytes: [UInt8]) {
        guard bytes.first == 0x00, let (cid, length) = Self.read(bytes[1...]), length == bytes.count - 1 else { return nil }
        self = cid
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The text form: multibase `b` and lowercase base32 (`bafyrei…`).
    var description: String { "b" + Base32.lowercase(bytes) }
}
