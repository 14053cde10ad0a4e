import Foundation

/// The timestamps the networks' JSON carries (RFC 3339's profile of ISO 8601):
/// `2021-01-06T18:40:40.000Z` (X), `2019-12-08T03:48:33.901Z` (Mastodon, also its
/// `X-RateLimit-Reset`), `2024-11-01T12:00:00.123456+09:00` (Bluesky's `createdAt`).
///
/// A small parser, no formatter object: with or without fractional seconds (any
/// number of digits, kept to the nanosecond), `Z` or an offset (`+09:00`, `+0900`,
/// `+09`), `T` or `t`. Dates that do not exist (February 30, 24:00) are refused,
/// where Foundation's ISO 8601 style rolls them over; a leap second (`:60`) is
/// the next second, as the calendar has no room for it.
public enum ISO8601Timestamp {
    /// The instant `string` names, or nil when it is not such a timestamp.
    public static func parse(_ string: String) -> Date? {
        var reader = Reader(Array(string.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2)
        else { return nil }
        var nanoseconds = 0
        if reader.skip(".") {
            guard let fraction = reader.fraction() else { return nil }
            nanoseconds = fraction
        }
        guard let offset = reader.offset(), reader.isAtEnd,
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            let whole = utc.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { return nil }
        return Date(timeIntervalSince1970: whole.timeIntervalSince1970 - Double(offset) + Double(nanoseconds) / 1e9)
    }

    /// `2021-01-06T18:40:40.123Z`: UTC, milliseconds (as X and Mastodon write them).
    /// Milliseconds are truncated, but a date a hair below a whole millisecond
    /// (as `Double` holds `…40.123`) keeps it.
    public static func format(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down)
        let seconds = (milliseconds / 1000).rounded(.down)
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return padded(parts.year ?? 0, 4) + "-" + padded(parts.month ?? 0, 2) + "-" + padded(parts.day ?? 0, 2) + "T"
            + padded(parts.hour ?? 0, 2) + ":" + padded(parts.minute ?? 0, 2) + ":" + padded(parts.second ?? 0, 2)
            + "." + padded(Int(milliseconds - seconds * 1000), 3) + "Z"
    }

    /// The Gregorian calendar in UTC, whatever the machine's time zone.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// 28 to 31.
    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension ISO8601Timestamp {
    /// Reads a timestamp's ASCII bytes left to right.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        /// Consumes `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `digits` decimal digits.
        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            index += digits
            return value
        }

        /// One or more digits after the decimal point, as nanoseconds (digits past the ninth are dropped).
        mutating func fraction() -> Int? {
            var nanoseconds = 0
            var count = 0
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                if count < 9 { nanoseconds = nanoseconds * 10 + digit }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 9) { nanoseconds *= 10 }
            return nanoseconds
        }

        /// `Z`, or `±HH:MM`, `±HHMM`, `±HH`: the seconds to subtract to reach UTC.
        mutating func offset() -> Int? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2), hours <= 23 else { return nil }
            var minutes = 0
            if skip(":") {
                guard let value = number(digits: 2) else { return nil }
                minutes = value
            } else if !isAtEnd {
                guard let value = number(digits: 2) else { return nil }
                minutes = value
            }
            guard minutes <= 59 else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
