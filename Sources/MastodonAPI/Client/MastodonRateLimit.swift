import Foundation

/// What the last response said about the account's rate limit
/// (`X-RateLimit-Remaining`, `X-RateLimit-Reset` as an ISO 8601 timestamp).
/// Mastodon counts requests per account across endpoints, so one window serves all.
public actor MastodonRateLimit {
    public struct Window: Sendable, Equatable {
        public var remaining: Int
        public var resetAt: Date

        public init(remaining: Int, resetAt: Date) {
            self.remaining = remaining
            self.resetAt = resetAt
        }
    }

    public private(set) var window: Window?

    public init() {}

    /// Records a response's headers (names lowercased), when present.
    public func record(headers: [String: String]) {
        if let window = Self.window(from: headers) { self.window = window }
    }

    /// Marks the limit spent until `resetAt`.
    public func markSpent(until resetAt: Date) {
        window = Window(remaining: 0, resetAt: resetAt)
    }

    /// When the limit is spent and resets after `now`, the reset time.
    public func blockedUntil(now: Date) -> Date? {
        guard let window, window.remaining <= 0, window.resetAt > now else { return nil }
        return window.resetAt
    }

    /// Parses `x-ratelimit-remaining` and `x-ratelimit-reset`.
    public static func window(from headers: [String: String]) -> Window? {
        guard let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0) }),
            let resetAt = headers["x-ratelimit-reset"].flatMap(MastodonDate.parse)
        else { return nil }
        return Window(remaining: remaining, resetAt: resetAt)
    }
}
