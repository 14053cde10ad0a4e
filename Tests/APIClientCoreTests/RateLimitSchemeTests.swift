import APIClientCore
import Foundation
import Testing

@Suite("RateLimitScheme reads each network's rate-limit headers")
struct RateLimitSchemeTests {
    // The three styles, as the networks document them.
    static let x = RateLimitScheme(
        prefixes: ["x-rate-limit", "x-user-limit-24hour", "x-app-limit-24hour"], reset: .unixSeconds, scope: .endpoint,
        period: .seconds(900))
    static let mastodon = RateLimitScheme(prefixes: ["X-RateLimit"], reset: .iso8601, scope: .account, period: .seconds(300))
    static let bluesky = RateLimitScheme(prefixes: ["ratelimit"], reset: .unixSeconds, scope: .endpoint, period: .seconds(300))

    @Test("X: x-rate-limit-* with a reset in Unix seconds")
    func xHeaders() {
        let window = Self.x.window(from: [
            "x-rate-limit-limit": "900", "x-rate-limit-remaining": "899", "x-rate-limit-reset": "1700000900",
        ])
        #expect(window == RateLimitWindow(limit: 900, remaining: 899, resetAt: Date(timeIntervalSince1970: 1_700_000_900)))
    }

    @Test("X: a spent 24-hour limit outranks an open 15-minute one")
    func xDailyLimit() {
        let window = Self.x.window(from: [
            "x-rate-limit-remaining": "3", "x-rate-limit-reset": "1700000900",
            "x-user-limit-24hour-limit": "1000", "x-user-limit-24hour-remaining": "0", "x-user-limit-24hour-reset": "1700080000",
        ])
        #expect(window == RateLimitWindow(limit: 1000, remaining: 0, resetAt: Date(timeIntervalSince1970: 1_700_080_000)))
    }

    @Test("Mastodon: X-RateLimit-* with a reset that is an ISO 8601 timestamp")
    func mastodonHeaders() {
        let window = Self.mastodon.window(from: [
            "x-ratelimit-limit": "300", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "2026-11-30T16:05:00.123Z",
        ])
        #expect(window?.limit == 300)
        #expect(window?.remaining == 0)
        #expect(abs((window?.resetAt.timeIntervalSince1970 ?? 0) - 1_796_054_700.123) < 1e-6)
        #expect(Self.mastodon.key(endpoint: "GET /api/v1/favourites") == Self.mastodon.key(endpoint: "POST /api/v1/statuses"))
    }

    @Test("Bluesky: ratelimit-* with a reset in Unix seconds; the policy header is not needed")
    func blueskyHeaders() {
        let window = Self.bluesky.window(from: [
            "ratelimit-limit": "3000", "ratelimit-remaining": "2999", "ratelimit-reset": "1700000300",
            "ratelimit-policy": "3000;w=300",
        ])
        #expect(window == RateLimitWindow(limit: 3000, remaining: 2999, resetAt: Date(timeIntervalSince1970: 1_700_000_300)))
    }

    @Test("headers that state no window, or state it badly, are no window", arguments: [
        ["x-rate-limit-remaining": "3"],
        ["x-rate-limit-reset": "1700000900"],
        ["x-rate-limit-remaining": "many", "x-rate-limit-reset": "1700000900"],
        ["x-rate-limit-remaining": "3", "x-rate-limit-reset": "soon"],
        ["x-ratelimit-remaining": "3", "x-ratelimit-reset": "1700000900"],
        ["ratelimit-remaining": "3", "ratelimit-reset": "1700000900"],
        [:],
    ])
    func noWindow(headers: [String: String]) {
        #expect(Self.x.window(from: headers) == nil)
    }

    @Test("of two windows the spent one, then the later reset, then the one with less left is more restrictive")
    func moreRestrictive() {
        func window(_ remaining: Int, _ reset: TimeInterval) -> RateLimitWindow {
            RateLimitWindow(remaining: remaining, resetAt: Date(timeIntervalSince1970: reset))
        }
        #expect(window(0, 100).moreRestrictive(window(5, 200)) == window(0, 100))
        #expect(window(5, 200).moreRestrictive(window(0, 100)) == window(0, 100))
        #expect(window(0, 100).moreRestrictive(window(0, 200)) == window(0, 200))
        #expect(window(3, 100).moreRestrictive(window(7, 50)) == window(3, 100))
        #expect(window(7, 50).moreRestrictive(window(3, 100)) == window(3, 100))
    }
}
