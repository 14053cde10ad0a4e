import Foundation

/// Minute 0 = 00:00 ... minute 1439 = 23:59, in a time zone.
public enum MinuteOfDay {
    public static let count = 1440

    /// The minute of the day of `date` in `timeZone`.
    public static func of(_ date: Date, in timeZone: TimeZone) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let seconds = Int(local.rounded(.down)) % 86_400
        return (seconds < 0 ? seconds + 86_400 : seconds) / 60
    }

    /// "HH:MM" for a minute of the day.
    public static func format(_ minute: Int) -> String {
        String(format: "%02d:%02d", minute / 60, minute % 60)
    }

    /// The circular distance between two minutes of the day (at most 720).
    public static func distance(_ a: Int, _ b: Int) -> Int {
        let direct = abs(a - b) % count
        return min(direct, count - direct)
    }
}
