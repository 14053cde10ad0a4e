import Digests

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

    /// The multihash: the hash function's code (0x12, sha2-256) and the digest.
    var multihash: (code: UInt64, digest: ArraySlice<UInt8>) {
        if bytes.count == 34, bytes[0] == 0x12, bytes[1] == 0x20 { return (0x12, bytes[2...]) }
        var index = bytes.startIndex
        for _ in 0..<2 {  // version, codec
            guard let (_, length) = Varint.read(bytes[index...]) else { return (0, []) }
            index += length
        }
        guard let (code, a) = Varint.read(bytes[index...]), let (_, b) = Varint.read(bytes[(index + a)...]) else { return (0, []) }
        return (code, bytes[(index + a + b)...])
    }

    /// Why `data` is not the block this CID names, or nil when it is: its SHA-256 must
    /// be the digest (the AT Protocol hashes every block with sha2-256; a CID naming
    /// another function is not one a repository holds).
    func mismatch(_ data: ArraySlice<UInt8>) -> String? {
        let (code, digest) = multihash
        guard code == 0x12, digest.count == 32 else { return "its CID names hash function 0x\(String(code, radix: 16)), not sha2-256" }
        let actual = Digest.sha256(data)
        guard digest.elementsEqual(actual) else { return "its bytes hash to \(Digest.hex(Array(actual.prefix(8))))…, not the CID's digest" }
        return nil
    }

    /// The text form: multibase `b` and lowercase base32 (`bafyrei…`).
    var description: String { "b" + Base32.lowercase(bytes) }
}
