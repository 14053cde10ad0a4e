import Digests
import Foundation

/// OAuth 1.0a's HMAC-SHA1, in base64.
enum HMACSHA1 {
    /// The base64 MAC of two UTF-8 strings, as OAuth's `oauth_signature` wants it.
    static func base64(key: String, message: String) -> String {
        Data(Digest.hmacSHA1(key: Array(key.utf8), message: Array(message.utf8))).base64EncodedString()
    }
}
