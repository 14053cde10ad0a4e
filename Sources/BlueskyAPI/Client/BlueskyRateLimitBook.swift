import Foundation

/// What the last responses said about each endpoint's window (`RateLimitBook`
/// in the shared client core, with Bluesky's per-endpoint scope).
public actor BlueskyRateLimitBook {
    private var windows: [String: BlueskyRateLimitWindow] = [:]

    public init() {}

    /// Records what a response's headers (names lowercased) state, when they state anything.
    public func record(endpoint: String, headers: [String: String]) {
        if let window = BlueskyDialect.rateLimitWindow(from: headers) { windows[endpoint] = window }
    }

    /// Marks the window of `endpoint` spent until `resetAt` (after a 429).
    public func markSpent(endpoint: String, until resetAt: Date) {
        windows[endpoint] = BlueskyRateLimitWindow(limit: windows[endpoint]?.limit, remaining: 0, resetAt: resetAt)
    }

    /// When the window of `endpoint` is spent and resets after `now`, the reset time.
    public func blockedUntil(endpoint: String, now: Date) -> Date? {
        guard let window = windows[endpoint], window.isSpent, window.resetAt > now else { return nil }
        return window.resetAt
    }

    public func window(endpoint: String) -> BlueskyRateLimitWindow? { windows[endpoint] }
}
