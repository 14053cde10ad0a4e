import Foundation

/// Mastodon's timestamps: `2019-12-08T03:48:33.901Z` (ISO 8601, UTC, usually with milliseconds).
public enum MastodonDate {
    /// Parses with or without fractional seconds.
    public static func parse(_ string: String) -> Date? {
        if let date = try? Date(string, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(string, strategy: Date.ISO8601FormatStyle())
    }

    /// Formats with milliseconds, as Mastodon does.
    public static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
