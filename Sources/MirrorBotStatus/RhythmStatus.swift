import Foundation
import MirrorBot

/// The posting rhythm the page charts: the human's posts by minute of day (their
/// whole stored history) beside the bot's posts (the plans of the last days).
public struct RhythmStatus: Sendable, Equatable {
    /// 1,440 counts: the human's original posts per minute of the day.
    public var human: [Int]
    /// The minutes of day at which the bot posted on the days before today.
    public var botEarlierDays: [Int]
    /// How many days before today `botEarlierDays` covers.
    public var days: Int
    /// The local day this was read for (read again on a new day).
    public var day: LocalDate

    /// Counts per hour of the day (24 values) of minute-of-day counts.
    public static func hourly(_ counts: [Int]) -> [Int] {
        (0..<24).map { hour in counts[min(hour * 60, counts.count)..<min(hour * 60 + 60, counts.count)].reduce(0, +) }
    }

    /// Counts per hour of the day of a list of minutes of day.
    public static func hourly(minutes: [Int]) -> [Int] {
        var hours = [Int](repeating: 0, count: 24)
        for minute in minutes where (0..<MinuteOfDay.count).contains(minute) { hours[minute / 60] += 1 }
        return hours
    }
}
