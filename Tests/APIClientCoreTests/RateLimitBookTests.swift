import APIClientCore
import Foundation
import Testing

@Suite("RateLimitBook keeps each window as the scheme keys it")
struct RateLimitBookTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let spent = ["ratelimit-limit": "30", "ratelimit-remaining": "0", "ratelimit-reset": "1700000060"]

    @Test("per endpoint: a spent endpoint blocks itself only, until its reset")
    func perEndpoint() async {
        let book = RateLimitBook(scheme: RateLimitSchemeTests.bluesky)
        await book.record(endpoint: "POST /xrpc/com.atproto.server.createSession", headers: Self.spent)
        let reset = Date(timeIntervalSince1970: 1_700_000_060)
        #expect(await book.blockedUntil(endpoint: "POST /xrpc/com.atproto.server.createSession", now: Self.now) == reset)
        #expect(await book.blockedUntil(endpoint: "GET /xrpc/app.bsky.feed.getTimeline", now: Self.now) == nil)
        #expect(await book.blockedUntil(endpoint: "POST /xrpc/com.atproto.server.createSession", now: reset) == nil)
    }

    @Test("per account: a spent window blocks every endpoint")
    func perAccount() async {
        let book = RateLimitBook(scheme: RateLimitSchemeTests.mastodon)
        await book.record(endpoint: "GET /api/v1/favourites", headers: [
            "x-ratelimit-remaining": "0", "x-ratelimit-reset": "2023-11-14T22:14:20.000Z",
        ])
        #expect(await book.blockedUntil(endpoint: "POST /api/v1/statuses", now: Self.now) == Date(timeIntervalSince1970: 1_700_000_060))
    }

    @Test("an open window does not block; a response without headers keeps what was known")
    func open() async {
        let book = RateLimitBook(scheme: RateLimitSchemeTests.bluesky)
        let endpoint = "GET /xrpc/app.bsky.feed.getTimeline"
        await book.record(endpoint: endpoint, headers: ["ratelimit-remaining": "12", "ratelimit-reset": "1700000300"])
        await book.record(endpoint: endpoint, headers: [:])
        #expect(await book.window(endpoint: endpoint)?.remaining == 12)
        #expect(await book.blockedUntil(endpoint: endpoint, now: Self.now) == nil)
    }

    @Test("a 429 marks the window spent and keeps its limit")
    func markSpent() async {
        let book = RateLimitBook(scheme: RateLimitSchemeTests.bluesky)
        let endpoint = "GET /xrpc/app.bsky.feed.getTimeline"
        await book.record(endpoint: endpoint, headers: ["ratelimit-limit": "3000", "ratelimit-remaining": "9", "ratelimit-reset": "1700000300"])
        let reset = Date(timeIntervalSince1970: 1_700_000_030)
        await book.markSpent(endpoint: endpoint, until: reset)
        #expect(await book.window(endpoint: endpoint) == RateLimitWindow(limit: 3000, remaining: 0, resetAt: reset))
        #expect(await book.blockedUntil(endpoint: endpoint, now: Self.now) == reset)
    }
}
