import Foundation
import MirrorBot

/// The dates an import accepts for a post: none before its network existed, none
/// more than a day after now (clock skew and time zones, not the future).
///
/// A date of year 1 or 99999 parses, but it is no post's date, and the
/// scheduler, which counts the days a history spans, would count millions of
/// them (found by fuzzing, issue 15). Such an entry is refused as a malformed one
/// is: the file and the entry named, nothing stored.
public struct PlausibleDates: Sendable, Equatable {
    /// The earliest date accepted, and what it is.
    public var earliest: Date
    public var earliestIs: String
    /// The import's now; a day after it is the latest date accepted.
    public var now: Date
    public var latest: Date { now.addingTimeInterval(Self.aheadAllowed) }

    public init(earliest: Date, earliestIs: String, now: Date) {
        self.earliest = earliest
        self.earliestIs = earliestIs
        self.now = now
    }

    /// How far after now a post's date may be.
    public static let aheadAllowed: TimeInterval = 24 * 60 * 60

    /// X: from 2006-03-21 (the first post on X, that day at 20:50 UTC).
    public static func x(now: Date) -> PlausibleDates {
        PlausibleDates(earliest: Date(timeIntervalSince1970: 1_142_899_200), earliestIs: "the first post on X", now: now)
    }

    /// Mastodon: from 2016-01-01 (its first release came that year).
    public static func mastodon(now: Date) -> PlausibleDates {
        PlausibleDates(earliest: Date(timeIntervalSince1970: 1_451_606_400), earliestIs: "Mastodon's first year", now: now)
    }

    /// JSONL, posts of any origin: from 1990-01-01, before any social network.
    public static func jsonl(now: Date) -> PlausibleDates {
        PlausibleDates(earliest: Date(timeIntervalSince1970: 631_152_000), earliestIs: "the earliest a JSONL post may be", now: now)
    }

    /// Why `date` is refused (`before 2006-03-21, the first post on X`), or nil when it is plausible.
    public func refusal(_ date: Date) -> String? {
        if date < earliest { return "before \(Self.stamp(earliest, time: false)), \(earliestIs)" }
        if date > latest { return "more than a day after now (\(Self.stamp(now, time: true)))" }
        return nil
    }

    /// `2006-03-21`, or `2026-12-01T11:30:00Z`, in UTC.
    static func stamp(_ date: Date, time: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        guard time else { return day }
        return day + String(format: "T%02d:%02d:%02dZ", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
