import Foundation
import MirrorBot

/// Parses the timestamps that archives and JSONL files carry, by hand (no
/// locale, no formatter state, thread-safe):
/// - X's archive format, `Wed Oct 10 20:19:24 +0000 2018`;
/// - ISO 8601, `2018-10-10T20:19:24Z`, with or without fractional seconds,
///   `Z` or an offset (`+09:00`, `+0900`); a space may replace the `T`.
public enum PostTimestamp {
    /// Either format; nil when the text is neither.
    public static func parse(_ text: String) -> Date? {
        parseISO8601(text) ?? parseArchive(text)
    }

    /// `Wed Oct 10 20:19:24 +0000 2018`.
    static func parseArchive(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6,
              let month = months.firstIndex(of: String(fields[1])).map({ $0 + 1 }),
              let day = digits(fields[2], count: 1...2), let year = digits(fields[5], count: 4...4),
              let offset = offsetSeconds(Substring(fields[4]))
        else { return nil }
        let time = fields[3].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, let hour = digits(time[0], count: 2...2), let minute = digits(time[1], count: 2...2),
              let second = digits(time[2], count: 2...2)
        else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: 0, offset: offset)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM|±HHMM]`.
    static func parseISO8601(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        guard chars.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count else { return nil }
            var value = 0
            for index in range {
                guard chars[index] >= 48, chars[index] <= 57 else { return nil }
                value = value * 10 + Int(chars[index] - 48)
            }
            return value
        }
        guard chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
              chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " "),
              chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                fraction += Double(chars[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        if index < chars.count, chars[index] == UInt8(ascii: " ") { index += 1 }
        guard index < chars.count, let zone = String(bytes: chars[index...], encoding: .utf8) else { return nil }
        let offset: Int
        if zone == "Z" {
            offset = 0
        } else if let parsed = offsetSeconds(Substring(zone.replacingOccurrences(of: ":", with: ""))) {
            offset = parsed
        } else {
            return nil
        }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction, offset: offset)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `+0900` / `-0530` to seconds east of UTC.
    private static func offsetSeconds(_ text: Substring) -> Int? {
        guard text.count == 5, let sign = text.first, sign == "+" || sign == "-",
              let hours = digits(text.dropFirst().prefix(2), count: 2...2), let minutes = digits(text.suffix(2), count: 2...2),
              hours < 24, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private static func date(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double, offset: Int
    ) -> Date? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = LocalDate(year: year, month: month, day: day).daysSince1970
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `text` as a number when it is `count` ASCII digits and nothing else: `Int(_:)` would take
    /// a sign, so `+1` was a day and `+-100` an offset of minus an hour (found reading after fuzzing, issue 15).
    private static func digits(_ text: Substring, count: ClosedRange<Int>) -> Int? {
        guard count.contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// 28 to 31: February 30 is no date (it used to roll over into March).
    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
