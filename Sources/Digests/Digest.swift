import CCrypto

/// The digests the project takes, through OpenSSL's one-shot calls: SHA-256 (Bluesky's CIDs, the
/// host's key id and X app names) and HMAC-SHA1 (OAuth 1.0a's signature).
public enum Digest {
    /// The 32-byte SHA-256 of `bytes`.
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> Int32 {
            EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil)
        }
        // In place when the bytes are contiguous; else copied once.
        guard (bytes.withContiguousStorageIfAvailable(hash) ?? Array(bytes).withUnsafeBufferPointer(hash)) == 1 else { return [] }
        return Array(digest.prefix(Int(length)))
    }

    /// The 20-byte HMAC-SHA1 of `message` under `key`.
    public static func hmacSHA1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = key.withUnsafeBufferPointer { keyBuffer in
            message.withUnsafeBufferPointer { messageBuffer in
                HMAC(EVP_sha1(), keyBuffer.baseAddress, Int32(keyBuffer.count), messageBuffer.baseAddress, messageBuffer.count, &out, &length)
            }
        }
        guard result != nil else { return [] }
        return Array(out.prefix(Int(length)))
    }

    /// `digest` in lowercase hex.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }
}
