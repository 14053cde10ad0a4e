import Foundation

/// What the last response of each endpoint said about its rate limit.
public actor RateLimitBook {
    /// One endpoint's state from `x-rate-limit-remaining` / `x-rate-limit-reset`.
    public struct Window: Sendable, Equatable {
        public var remaining: Int
        public var resetAt: Date
    }

    private var windows: [String: Window] = [:]

    public init() {}

    /// Records the headers of a response, when present.
    public func record(endpoint: String, headers: [String: String]) {
        guard let window = Self.window(from: headers) else { return }
        windows[endpoint] = window
    }

    /// Marks the endpoint spent until `resetAt`.
    public func markSpent(endpoint: String, resetAt: Date) {
        windows[endpoint] = Window(remaining: 0, resetAt: resetAt)
    }

    /// When the endpoint's limit is spent and its reset lies after `now`, the reset time.
    public func blockedUntil(endpoint: String, now: Date) -> Date? {
        guard let window = windows[endpoint], window.remaining <= 0, window.resetAt > now else { return nil }
        return window.resetAt
    }

    public func window(endpoint: String) -> Window? { windows[endpoint] }

    /// Reset times X can mean, in whole Unix seconds (up to the year 5138). Another value
    /// (`1e30`, `inf`, 30 digits) is no reset time: it used to overflow the wait's `Duration`
    /// and the error's `Int` seconds, killing the daemon with SIGILL (found by fuzzing, issue 15).
    static let plausibleResets: ClosedRange<Int> = 0...100_000_000_000

    /// Parses `x-rate-limit-remaining` and `x-rate-limit-reset` (Unix seconds);
    /// a spent 24-hour user or app limit counts too. Header names are lowercase.
    static func window(from headers: [String: String]) -> Window? {
        var result: Window?
        for prefix in ["x-rate-limit", "x-user-limit-24hour", "x-app-limit-24hour"] {
            guard let remaining = headers["\(prefix)-remaining"].flatMap({ Int($0) }),
                let reset = headers["\(prefix)-reset"].flatMap({ Int($0) }), plausibleResets.contains(reset)
            else { continue }
            let window = Window(remaining: remaining, resetAt: Date(timeIntervalSince1970: TimeInterval(reset)))
            // The most restrictive window wins: a spent one, then the later reset.
            if let current = result, current.remaining <= 0, window.remaining > 0 { continue }
            if let current = result, current.remaining <= 0, window.resetAt < current.resetAt { continue }
            result = window
        }
        return result
    }
}
