import CCrypto
import Digests
import Foundation

/// Seals and opens a bot's settings with AES-256-GCM (OpenSSL's EVP), under the key in
/// `HOST_SECRET_KEY`. The bot's name is the associated data: what is sealed for one bot does
/// not open as another's. Sealed: base64 of a random 12-byte nonce, the ciphertext, and the
/// 16-byte tag.
struct SecretBox: Sendable {
    static let keyBytes = 32
    static let nonceBytes = 12
    static let tagBytes = 16

    private let key: [UInt8]
    /// The first 16 hex digits of the key's SHA-256: which key sealed a row, never the key.
    let keyID: String

    /// From `HOST_SECRET_KEY`: 32 bytes as base64 (`openssl rand -base64 32`) or as 64 hex digits.
    init(encodedKey text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var bytes: [UInt8]?
        if trimmed.count == 2 * Self.keyBytes, trimmed.allSatisfy(\.isHexDigit) {
            bytes = stride(from: 0, to: trimmed.count, by: 2).compactMap { offset in
                let start = trimmed.index(trimmed.startIndex, offsetBy: offset)
                return UInt8(trimmed[start..<trimmed.index(start, offsetBy: 2)], radix: 16)
            }
        } else if let data = Data(base64Encoded: trimmed) {
            bytes = [UInt8](data)
        }
        guard let bytes, bytes.count == Self.keyBytes else {
            throw ConfigurationError.invalid(
                variable: "HOST_SECRET_KEY", reason: "expected 32 bytes as base64 or 64 hex digits (openssl rand -base64 32)")
        }
        try self.init(key: bytes)
    }

    init(key: [UInt8]) throws {
        guard key.count == Self.keyBytes else {
            throw ConfigurationError.invalid(variable: "HOST_SECRET_KEY", reason: "expected \(Self.keyBytes) bytes, got \(key.count)")
        }
        self.key = key
        keyID = String(Self.sha256Hex(key).prefix(16))
    }

    /// The hex SHA-256 of `bytes`: the key's id (its first 16 digits), an X app's name in the registry.
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        Digest.hex(Digest.sha256(bytes))
    }

    /// `plaintext` sealed for `name`.
    func seal(_ plaintext: [UInt8], for name: String) throws -> String {
        var nonce = [UInt8](repeating: 0, count: Self.nonceBytes)
        guard RAND_bytes(&nonce, Int32(nonce.count)) == 1 else { throw SecretBoxError.crypto("no random bytes") }
        let context = try Context()
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var length: Int32 = 0
        var total = 0
        let aad = Array(name.utf8)
        guard EVP_EncryptInit_ex(context.raw, EVP_aes_256_gcm(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context.raw, EVP_CTRL_GCM_SET_IVLEN, Int32(Self.nonceBytes), nil) == 1,
            EVP_EncryptInit_ex(context.raw, nil, nil, key, nonce) == 1,
            EVP_EncryptUpdate(context.raw, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_EncryptUpdate(context.raw, &out, &length, plaintext, Int32(plaintext.count)) == 1
        else { throw SecretBoxError.crypto("encryption failed") }
        total = Int(length)
        // GCM writes nothing more at the end; the tail is read all the same.
        var tail = [UInt8](repeating: 0, count: 16)
        guard EVP_EncryptFinal_ex(context.raw, &tail, &length) == 1 else { throw SecretBoxError.crypto("encryption failed") }
        out = Array(out.prefix(total)) + tail.prefix(Int(length))
        total = out.count
        var tag = [UInt8](repeating: 0, count: Self.tagBytes)
        guard EVP_CIPHER_CTX_ctrl(context.raw, EVP_CTRL_GCM_GET_TAG, Int32(Self.tagBytes), &tag) == 1 else {
            throw SecretBoxError.crypto("encryption failed")
        }
        return Data(nonce + out.prefix(total) + tag).base64EncodedString()
    }

    /// What was sealed for `name`; throws `SecretBoxError.refused` when it was sealed under
    /// another key, for another bot, or altered.
    func open(_ sealed: String, for name: String) throws -> [UInt8] {
        guard let data = Data(base64Encoded: sealed), data.count >= Self.nonceBytes + Self.tagBytes else {
            throw SecretBoxError.refused
        }
        let bytes = [UInt8](data)
        let nonce = Array(bytes.prefix(Self.nonceBytes))
        let tag = Array(bytes.suffix(Self.tagBytes))
        let ciphertext = Array(bytes[Self.nonceBytes..<(bytes.count - Self.tagBytes)])
        let context = try Context()
        var out = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var length: Int32 = 0
        let aad = Array(name.utf8)
        guard EVP_DecryptInit_ex(context.raw, EVP_aes_256_gcm(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context.raw, EVP_CTRL_GCM_SET_IVLEN, Int32(Self.nonceBytes), nil) == 1,
            EVP_DecryptInit_ex(context.raw, nil, nil, key, nonce) == 1,
            EVP_DecryptUpdate(context.raw, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_DecryptUpdate(context.raw, &out, &length, ciphertext, Int32(ciphertext.count)) == 1
        else { throw SecretBoxError.refused }
        let total = Int(length)
        var expected = tag
        guard EVP_CIPHER_CTX_ctrl(context.raw, EVP_CTRL_GCM_SET_TAG, Int32(Self.tagBytes), &expected) == 1 else {
            throw SecretBoxError.refused
        }
        var tail = [UInt8](repeating: 0, count: 16)
        guard EVP_DecryptFinal_ex(context.raw, &tail, &length) == 1 else { throw SecretBoxError.refused }
        return Array(out.prefix(total)) + tail.prefix(Int(length))
    }

    /// One EVP cipher context, freed with its owner.
    private final class Context {
        let raw: OpaquePointer

        init() throws {
            guard let raw = EVP_CIPHER_CTX_new() else { throw SecretBoxError.crypto("no cipher context") }
            self.raw = raw
        }

        deinit { EVP_CIPHER_CTX_free(raw) }
    }
}

enum SecretBoxError: Error, Equatable, CustomStringConvertible {
    /// Sealed under another key, for another bot, or altered: nothing is read from it.
    case refused
    case crypto(String)

    var description: String {
        switch self {
        case .refused: return "the settings could not be opened with HOST_SECRET_KEY (another key, another bot's, or altered)"
        case .crypto(let what): return "OpenSSL: \(what)"
        }
    }
}
