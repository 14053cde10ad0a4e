import Foundation

/// Ids as Misskey's default generator makes them, `aidx` (`packages/backend/src/misc/id/aidx.ts`):
/// 8 base36 digits of the milliseconds since 2000-01-01, 4 of the node, 4 of a counter; 16
/// characters of `[0-9a-z]`. `createdAt` is read back from the id, as Misskey does.
struct FakeMisskeyID: Sendable {
    static let time2000: Double = 946_684_800_000
    static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")

    /// The node part: fixed per server.
    let node: String
    private var counter = 0
    /// The last time used: ids of one server increase even when the clock stands still.
    private var lastMilliseconds = 0

    init(node: String = "fake") {
        self.node = String((node + "0000").prefix(4))
    }

    /// A new id for `date`: increasing, the time part never behind the last one's.
    mutating func make(at date: Date) -> String {
        counter += 1
        let milliseconds = max(lastMilliseconds, max(0, Int(date.timeIntervalSince1970 * 1000 - Self.time2000)))
        lastMilliseconds = milliseconds
        return Self.base36(milliseconds, width: 8) + node + Self.base36(counter, width: 4)
    }

    /// `createdAt` as Misskey derives it from an aidx id; nil when the id is not one.
    static func date(of id: String) -> Date? {
        guard id.count == 16, let milliseconds = Int(id.prefix(8), radix: 36) else { return nil }
        return Date(timeIntervalSince1970: (Double(milliseconds) + time2000) / 1000)
    }

    /// The last `width` base36 digits of `value`, zero-padded (JavaScript's `padStart`/`slice`).
    static func base36(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 36)
        return String(String(repeating: "0", count: max(0, width - digits.count)) + digits).suffix(width).description
    }
}
