import Foundation
import MirrorBot

/// Misskey's ids begin with their time, in the form the server was set up with
/// (`packages/backend/src/misc/id/*.ts`), told apart by length and alphabet:
/// - `aid` (10 characters) and `aidx` (16): 8 base36 characters of milliseconds since 2000-01-01;
/// - `meid` (24 hex, first character 8-f): 12 hex of milliseconds since 1970 plus 0x800000000000;
/// - `objectid` (24 hex, else): 8 hex of seconds since 1970;
/// - `ulid` (26 Crockford base32): 10 characters of milliseconds since 1970.
public struct MisskeyPostIDClock: PostIDClock {
    /// 2000-01-01T00:00:00Z in milliseconds since 1970.
    static let aidEpoch: UInt64 = 946_684_800_000
    static let meidOffset: UInt64 = 0x8000_0000_0000
    static let crockford = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    public init() {}

    public func postTime(ofID id: String) -> Date? {
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy(Self.isAlphanumeric) else { return nil }
        let milliseconds: UInt64?
        switch bytes.count {
        case 10, 16:
            milliseconds = UInt64(id.prefix(8).lowercased(), radix: 36).map { $0 + Self.aidEpoch }
        case 24 where UInt64(id.prefix(12), radix: 16) != nil && UInt64(id.suffix(12), radix: 16) != nil:
            if let first = id.first, "89abcdef".contains(first) {
                milliseconds = UInt64(id.prefix(12), radix: 16).flatMap { $0 >= Self.meidOffset ? $0 - Self.meidOffset : nil }
            } else {
                milliseconds = UInt64(id.prefix(8), radix: 16).map { $0 * 1000 }
            }
        case 26:
            milliseconds = Self.crockfordValue(id.uppercased().prefix(10))
        default:
            milliseconds = nil
        }
        return milliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    /// `[a-zA-Z0-9]` (the `misskey:id` format).
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    static func crockfordValue(_ text: Substring) -> UInt64? {
        var value: UInt64 = 0
        for byte in text.utf8 {
            guard let digit = crockford.firstIndex(of: byte) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        return value
    }
}
