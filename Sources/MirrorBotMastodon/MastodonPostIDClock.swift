import Foundation
import MirrorBot

/// Mastodon's status ids are snowflakes (`lib/mastodon/snowflake.rb`): milliseconds since
/// 1970 in the bits above the lowest 16. Ids of servers from before snowflakes (2017) are
/// small sequential numbers: below `smallest` (2016-01-01 as a snowflake) an id has no time.
public struct MastodonPostIDClock: PostIDClock {
    /// 1451606400000 ms (2016-01-01T00:00:00Z) << 16.
    static let smallest: UInt64 = 1_451_606_400_000 << 16

    public init() {}

    public func postTime(ofID id: String) -> Date? {
        guard let value = UInt64(id), value >= Self.smallest else { return nil }
        return Date(timeIntervalSince1970: Double(value >> 16) / 1000)
    }
}
