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

    /// `HH:MM` (00:00 to 23:59) as a minute of the day; nil when it is not one.
    public static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else {
            return nil
        }
        return hour * 60 + minute
    }

    /// The circular distance between two minutes of the day (at most 720).
    public static func distance(_ a: Int, _ b: Int) -> Int {
        let direct = abs(a - b) % count
        return min(direct, count - direct)
    }
}
