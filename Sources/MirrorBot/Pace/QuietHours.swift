import Foundation

/// The hours of the day (in the human's time zone) in which the human is not around.
///
/// Decided from the minute-of-day distribution the scheduler draws from (the human's
/// original posts): an hour is quiet when it holds less than a quarter of an average
/// hour's posts (`count × 24 × 4 < total`), and it is never quiet when the human's own
/// history has a reply sent in it. With no posts stored, no hour is quiet.
public struct QuietHours: Sendable, Equatable {
    /// Hours 0...23 that are quiet.
    public let hours: Set<Int>
    public let timeZone: TimeZone

    public init(hours: Set<Int>, timeZone: TimeZone) {
        self.hours = hours
        self.timeZone = timeZone
    }

    public init(rhythm: MinuteDistribution, replyHours: Set<Int>, timeZone: TimeZone) {
        var quiet: Set<Int> = []
        if rhythm.total > 0 {
            for hour in 0..<24 where !replyHours.contains(hour) {
                let count = rhythm.counts[(hour * 60)..<(hour * 60 + 60)].reduce(0, +)
                if count * 24 * 4 < rhythm.total { quiet.insert(hour) }
            }
        }
        self.init(hours: quiet, timeZone: timeZone)
    }

    /// The hours of `dates` in `timeZone`.
    public static func hours(of dates: [Date], in timeZone: TimeZone) -> Set<Int> {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return Set(dates.map { calendar.component(.hour, from: $0) })
    }

    public func isQuiet(_ date: Date) -> Bool {
        !hours.isEmpty && hours.contains(calendar.component(.hour, from: date))
    }

    /// `date` itself when it is in an active hour, else the start of the next active hour;
    /// nil when every hour is quiet (never from `init(rhythm:…)`: some hour holds an average share).
    public func nextActive(from date: Date) -> Date? {
        guard isQuiet(date) else { return date }
        guard hours.count < 24, let start = calendar.dateInterval(of: .hour, for: date)?.start else { return nil }
        var candidate = start
        // Whole hours forward (26 covers a day with a daylight-saving change).
        for _ in 0..<26 {
            candidate = candidate.addingTimeInterval(3600)
            if !isQuiet(candidate) { return candidate }
        }
        return nil
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
