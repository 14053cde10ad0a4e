import APIClientCore
import Foundation
import Testing

@Suite("ISO8601Timestamp reads and writes the networks' timestamps")
struct ISO8601TimestampTests {
    // Seconds since 1970 checked by hand (and against Python's datetime.fromisoformat).
    @Test("a timestamp is parsed to the instant it names", arguments: [
        ("2021-01-06T18:40:40.000Z", 1_609_958_440.0),  // X's created_at
        ("2021-01-06T18:40:40Z", 1_609_958_440.0),
        ("2021-01-06T18:40:40.5Z", 1_609_958_440.5),
        ("2021-01-06t18:40:40z", 1_609_958_440.0),
        ("2019-12-08T03:48:33.901Z", 1_575_776_913.901),  // Mastodon's created_at
        ("2026-11-30T16:05:00.123Z", 1_796_054_700.123),  // Mastodon's X-RateLimit-Reset
        ("2024-11-01T12:00:00.123456+09:00", 1_730_430_000.123456),  // Bluesky's createdAt
        ("2021-01-07T03:40:40+09:00", 1_609_958_440.0),
        ("2021-01-06T13:10:40-0530", 1_609_958_440.0),
        ("2021-01-06T19:40:40+01", 1_609_958_440.0),
        ("2021-01-06T18:40:40.123456789123Z", 1_609_958_440.123456789),
        ("1970-01-01T00:00:00Z", 0.0),
        ("1969-12-31T23:59:59.5Z", -0.5),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
        ("1600-03-01T00:00:00Z", -11_670_912_000.0),
        ("2016-12-31T23:59:60Z", 1_483_228_800.0),  // a leap second is the next second
    ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(ISO8601Timestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test("what is not such a timestamp is nil", arguments: [
        "", "garbage", "2021-01-06", "2021-01-06T18:40:40", "2021-01-06 18:40:40Z", "2021-01-06T18:40:40.Z",
        "2021-01-06T18:40:40+9", "2021-01-06T18:40:40+09:0", "2021-01-06T18:40:40Zjunk", "2021-13-01T00:00:00Z",
        "2021-02-30T00:00:00Z", "1900-02-29T00:00:00Z", "2021-01-06T24:00:00Z", "2021-01-06T18:60:00Z",
        "2021-01-06T18:40:40+24:00", "21-01-06T18:40:40Z", "2021-1-06T18:40:40Z", "２０２１-01-06T18:40:40Z",
    ])
    func refuses(text: String) {
        #expect(ISO8601Timestamp.parse(text) == nil)
    }

    @Test("a date is written in UTC with milliseconds, truncated", arguments: [
        (1_609_958_440.123, "2021-01-06T18:40:40.123Z"),
        (1_609_958_440.9996, "2021-01-06T18:40:40.999Z"),
        (1_609_958_440.0, "2021-01-06T18:40:40.000Z"),
        (0.001, "1970-01-01T00:00:00.001Z"),
        (-1.5, "1969-12-31T23:59:58.500Z"),
        (951_782_400.0, "2000-02-29T00:00:00.000Z"),
        (1_796_054_700.123, "2026-11-30T16:05:00.123Z"),
    ])
    func formats(seconds: Double, text: String) {
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("what is written reads back to the same millisecond")
    func roundTrip() throws {
        for seconds in stride(from: -86_400.0 * 800, to: 86_400.0 * 30_000, by: 86_400.0 * 97.3 + 0.417) {
            let text = ISO8601Timestamp.format(Date(timeIntervalSince1970: seconds))
            let back = try #require(ISO8601Timestamp.parse(text))
            #expect(abs(back.timeIntervalSince1970 - seconds) < 0.001, "\(text)")
        }
    }
}
