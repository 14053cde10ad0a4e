import CCrypto
import Foundation

/// HMAC-SHA1 through OpenSSL's one-shot `HMAC(EVP_sha1(), ...)`.
enum HMACSHA1 {
    /// The 20-byte MAC of `message` under `key`.
    static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = key.withUnsafeBufferPointer { keyBuffer in
            message.withUnsafeBufferPointer { messageBuffer in
                out.withUnsafeMutableBufferPointer { outBuffer in
                    HMAC(
                        EVP_sha1(), keyBuffer.baseAddress, Int32(keyBuffer.count),
                        messageBuffer.baseAddress, messageBuffer.count,
                        outBuffer.baseAddress, &length)
                }
            }
        }
        guard result != nil else { return [] }
        return Array(out.prefix(Int(length)))
    }

    /// The base64 MAC of two UTF-8 strings, as OAuth's `oauth_signature` wants it.
    static func base64(key: String, message: String) -> String {
        Data(mac(key: Array(key.utf8), message: Array(message.utf8))).base64EncodedString()
    }
}
