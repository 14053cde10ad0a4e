import Foundation

/// The windows every account of one app shares: limits the network counts per app rather than
/// per account (X's `x-app-limit-24hour-*`, one cap on `POST /2/tweets` for all the app's users).
/// The `RateLimitBook` of each account's client records here what its responses state of them
/// (`RateLimitScheme.appPrefixes`), so a window one account learned spent, from its headers or a
/// 429, holds the app's other accounts in the process until it resets, without a request of theirs.
public actor AppRateLimits {
    private var windows: [String: RateLimitWindow] = [:]

    public init() {}

    /// Keeps `window` for requests under `key` (the scheme's key of an endpoint).
    func record(key: String, _ window: RateLimitWindow) {
        windows[key] = window
    }

    /// The reset after `now` of the spent window under `key`, if it is spent.
    func blockedUntil(key: String, now: Date) -> Date? {
        guard let window = windows[key], window.isSpent, window.resetAt > now else { return nil }
        return window.resetAt
    }

    /// The app's window under `key`, as last stated.
    public func window(key: String) -> RateLimitWindow? {
        windows[key]
    }
}
