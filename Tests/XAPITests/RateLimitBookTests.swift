import APIClientCore
import Foundation
import Testing
@testable import XAPI

@Suite("Rate-limit headers from outside")
struct RateLimitBookTests {
    static let absurdResets = ["1e30", "inf", "nan", "17922337203685477580700086400", "9223372036854775807", "-1", "1700000900.5", ""]

    @Test("a reset that is no Unix time in whole seconds is no window (the fuzzer's crash, issue 15)", arguments: absurdResets)
    func absurdReset(reset: String) {
        #expect(RateLimitScheme.x.window(from: ["x-rate-limit-remaining": "0", "x-rate-limit-reset": reset]) == nil)
        #expect(RateLimitScheme.x.window(from: ["x-user-limit-24hour-remaining": "0", "x-user-limit-24hour-reset": reset]) == nil)
    }

    @Test("a plausible reset still makes a window")
    func plausibleReset() throws {
        let window = try #require(RateLimitScheme.x.window(from: ["x-rate-limit-remaining": "0", "x-rate-limit-reset": "1700000900"]))
        #expect(window.remaining == 0)
        #expect(window.resetAt == Date(timeIntervalSince1970: 1_700_000_900))
    }

    /// The book refuses such resets, but the error line must not trap on one either (`Int(1e30)` does).
    @Test("the error line of a reset beyond any clock shows it without trapping", arguments: [1e30, .infinity, -1e300, 1_700_000_900.75])
    func errorLine(seconds: Double) {
        let line = XAPIError.rateLimited(endpoint: "GET /2/users/me", resetAt: Date(timeIntervalSince1970: seconds)).description
        let shown = seconds == 1_700_000_900.75 ? "1700000900" : "\(seconds)"
        #expect(line == "GET /2/users/me: HTTP 429 rate limit spent until \(shown)")
    }
}
