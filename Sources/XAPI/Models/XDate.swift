import Foundation

/// The time encoded in an X snowflake id. (X's `created_at` timestamps are
/// ISO 8601 with milliseconds: `ISO8601Timestamp` reads and writes them.)
public enum XDate {
    /// Milliseconds since the Unix epoch of X's snowflake epoch (2010-11-04).
    public static let snowflakeEpochMilliseconds: UInt64 = 1_288_834_974_657

    /// The creation time a snowflake id encodes, or nil for a non-numeric or pre-snowflake id.
    public static func fromSnowflake(_ id: String) -> Date? {
        guard let value = UInt64(id), value >> 22 > 0 else { return nil }
        let milliseconds = (value >> 22) + snowflakeEpochMilliseconds
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
