import Foundation
import Synchronization

/// A timestamp identifier, the record key of posts and likes: 13 characters of
/// base32-sortable (`234567abcdefghijklmnopqrstuvwxyz`) for a 64-bit number whose
/// top bit is 0, then 53 bits of microseconds since 1970, then a 10-bit clock id.
/// TIDs sort as text in the order they were made.
public enum TID {
    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)

    /// The TID for `microseconds` since 1970 and `clockID` (its low 10 bits).
    public static func make(microseconds: UInt64, clockID: UInt16) -> String {
        var value = (microseconds & ((1 << 53) - 1)) << 10 | UInt64(clockID & 0x3FF)
        var characters = [UInt8](repeating: alphabet[0], count: 13)
        for index in stride(from: 12, through: 0, by: -1) {
            characters[index] = alphabet[Int(value & 31)]
            value >>= 5
        }
        return String(decoding: characters, as: UTF8.self)
    }

    private static let last = Mutex<UInt64>(0)
    private static let clockID = UInt16.random(in: 0..<1024)

    /// A fresh TID at `now`, later than every TID this process made before.
    public static func next(now: Date) -> String {
        let wanted = UInt64(max(0, now.timeIntervalSince1970 * 1_000_000))
        let microseconds = last.withLock { last in
            last = max(wanted, last + 1)
            return last
        }
        return make(microseconds: microseconds, clockID: clockID)
    }

    /// Whether `string` is a TID: 13 characters of the alphabet, the first from its first half (top bit 0).
    public static func isValid(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count == 13, bytes.allSatisfy(alphabet.contains) else { return false }
        return (alphabet.firstIndex(of: bytes[0]) ?? 32) < 16
    }

    /// The instant a TID was made, or nil when `string` is not a TID.
    public static func date(of string: String) -> Date? {
        guard isValid(string) else { return nil }
        var value: UInt64 = 0
        for byte in string.utf8 {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        return Date(timeIntervalSince1970: Double(value >> 10) / 1_000_000)
    }
}
