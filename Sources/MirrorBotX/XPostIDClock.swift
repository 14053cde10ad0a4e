import Foundation
import MirrorBot
import XAPI

/// X's ids are snowflakes: milliseconds since 2010-11-04T01:42:54.657Z in the bits above the
/// lowest 22 (`(id >> 22) + 1288834974657` ms since 1970). Ids from before snowflakes (up to
/// about 3·10^10, October 2010) are sequential: below 2^40 (4 minutes into the snowflake epoch)
/// an id has no time.
public struct XPostIDClock: PostIDClock {
    static let smallest: UInt64 = 1 << 40

    public init() {}

    public func postTime(ofID id: String) -> Date? {
        guard let value = UInt64(id), value >= Self.smallest else { return nil }
        return XDate.fromSnowflake(id)
    }

    /// A snowflake whose time agrees with `createdAt`, or a sequential id (digits only) of a post
    /// made before snowflakes began (2010-11-04): the human's tweets of 2006-2010.
    public func isOwnPost(id: String, createdAt: Date) -> Bool {
        idTimeAgrees(id, createdAt) ?? (UInt64(id) != nil && createdAt < Self.snowflakesBegan)
    }

    /// 2010-11-05T00:00:00Z: a day's margin after X's snowflake epoch.
    static let snowflakesBegan = Date(timeIntervalSince1970: 1_288_915_200)
}
