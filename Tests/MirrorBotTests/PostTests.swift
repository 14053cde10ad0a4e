import Foundation
import MirrorBot
import Testing

@Suite("Post and minute of day")
struct PostTests {
    @Test(
        "mentions are recognised, e-mail addresses are not",
        arguments: [
            ("@naoty おはよう", true), ("おはよう @naoty", true), ("ありがとう＠naoty", true),
            ("mail me at me@example.com", false), ("just text", false), ("@ alone", false), ("(@swift_lang)", true),
        ]
    )
    func mentions(text: String, expected: Bool) {
        #expect(Post(id: "1", text: text, createdAt: Date()).hasMention == expected)
    }

    @Test(
        "minute of day in a time zone, across midnight",
        arguments: [
            ("2024-01-01T23:30:00Z", "Asia/Tokyo", 510),   // 08:30 the next day in Tokyo
            ("2024-01-01T00:00:00Z", "UTC", 0),
            ("2024-01-01T23:59:59Z", "UTC", 1439),
            ("2024-01-01T03:15:00Z", "America/New_York", 1335), // 22:15 the day before
            ("2024-07-01T03:15:00Z", "America/New_York", 1395), // 23:15, daylight saving time
        ]
    )
    func minuteOfDay(instant: String, zone: String, expected: Int) throws {
        let date = try #require(ISO8601DateFormatter().date(from: instant))
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(MinuteOfDay.of(date, in: timeZone) == expected)
    }

    @Test("circular distance wraps around midnight")
    func distance() {
        #expect(MinuteOfDay.distance(1430, 10) == 20)
        #expect(MinuteOfDay.distance(10, 1430) == 20)
        #expect(MinuteOfDay.distance(0, 720) == 720)
        #expect(MinuteOfDay.format(1439) == "23:59")
    }
}
