import Foundation

/// X's timestamps: `2021-01-06T18:40:40.000Z` (ISO 8601, UTC, milliseconds),
/// and the time encoded in a snowflake id.
public enum XDate {
    /// Parses with or without fractional seconds.
    public static func parse(_ string: String) -> Date? {
        if let date = try? Date(string, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(string, strategy: Date.ISO8601FormatStyle())
    }

    /// Formats as X does, with milliseconds.
    public static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Milliseconds since the Unix epoch of X's snowflake epoch (2010-11-04).
    public static let snowflakeEpochMilliseconds: UInt64 = 1_288_834_974_657

    /// The creation time a snowflake id encodes, or nil for a non-numeric or pre-snowflake id.
    public static func fromSnowflake(_ id: String) -> Date? {
        guard let value = UInt64(id), value >> 22 > 0 else { return nil }
        let milliseconds = (value >> 22) + snowflakeEpochMilliseconds
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
