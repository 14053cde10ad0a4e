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

    /// A snowflake whose time agrees with `createdAt`, or a sequential id (digits only) of a status
    /// made before snowflakes (Mastodon 2.0, October 2017) and after Mastodon began (2016): an X
    /// tweet of 2006-2010 imported here has such an id too, but not such a date.
    public func isOwnPost(id: String, createdAt: Date) -> Bool {
        idTimeAgrees(id, createdAt) ?? (UInt64(id) != nil && createdAt >= Self.mastodonBegan && createdAt < Self.snowflakesBegan)
    }

    /// 2016-01-01T00:00:00Z, before Mastodon's first release (March 2016).
    static let mastodonBegan = Date(timeIntervalSince1970: 1_451_606_400)
    /// 2018-01-01T00:00:00Z: a margin after Mastodon 2.0 (snowflake ids) was released.
    static let snowflakesBegan = Date(timeIntervalSince1970: 1_514_764_800)
}
