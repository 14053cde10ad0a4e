import BlueskyAPI
import Foundation
import MirrorBot

/// Bluesky's post ids are `at://` URIs whose record key is a TID: 13 characters of
/// base32-sortable (`234567abcdefghijklmnopqrstuvwxyz`), 64 bits whose top bit is 0, then
/// 53 bits of microseconds since 1970, then 10 bits of clock id (atproto "Record Key", TID).
/// A record key that is no TID (some clients choose their own) has no time.
public struct BlueskyPostIDClock: PostIDClock {
    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)

    public init() {}

    public func postTime(ofID id: String) -> Date? {
        let key = ATURI(id)?.rkey ?? id
        guard let value = Self.tid(key) else { return nil }
        return Date(timeIntervalSince1970: Double(value >> 10) / 1_000_000)
    }

    /// Any `at://` URI: only Bluesky's posts have one, and a post's `createdAt` is what its client
    /// wrote (a post carried over from elsewhere may say any date), so times are not compared.
    public func isOwnPost(id: String, createdAt: Date) -> Bool {
        ATURI(id) != nil
    }

    /// The 64 bits of a TID; nil when `key` is not one.
    static func tid(_ key: String) -> UInt64? {
        let bytes = Array(key.utf8)
        guard bytes.count == 13 else { return nil }
        var value: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            // The first character holds the top bit, which is always 0: 2-7 and a-j only.
            if index == 0, digit >= 16 { return nil }
            value = value << 5 | UInt64(digit)
        }
        return value
    }
}
