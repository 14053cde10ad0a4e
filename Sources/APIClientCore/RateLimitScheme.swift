import Foundation

/// How one network states its rate limits in response headers: the header
/// names, what `…-reset` means, and whether a window is per endpoint or per account.
///
///     X         x-rate-limit-limit / -remaining / -reset   Unix seconds   per endpoint, 15 minutes
///               (also x-user-limit-24hour-*, x-app-limit-24hour-*)
///     Mastodon  X-RateLimit-Limit / -Remaining / -Reset    ISO 8601       per account, 5 minutes
///     Bluesky   ratelimit-limit / -remaining / -reset      Unix seconds   per endpoint, 5 minutes
public struct RateLimitScheme: Sendable {
    /// What a `…-reset` value is.
    public enum ResetFormat: Sendable, Equatable {
        /// Seconds since 1970 (`1700000900`).
        case unixSeconds
        /// A timestamp (`2026-11-30T16:05:00.123Z`).
        case iso8601
    }

    /// Which requests share a window.
    public enum Scope: Sendable, Equatable {
        /// Each endpoint (`GET /2/users/:id/tweets`) has its own.
        case endpoint
        /// All of an account's requests share one.
        case account
    }

    /// Lowercased header-name prefixes, each followed by `-limit`, `-remaining`,
    /// `-reset`; where several are present the most restrictive window wins.
    public var prefixes: [String]
    /// Those of `prefixes` whose window is the app's, shared by all its accounts (X's
    /// `x-app-limit-24hour`), not the account's own: kept in `AppRateLimits` too.
    public var appPrefixes: [String]
    public var reset: ResetFormat
    public var scope: Scope
    /// How long a window usually lasts: bounds the wait for a reset by default.
    public var period: Duration

    public init(prefixes: [String], appPrefixes: [String] = [], reset: ResetFormat, scope: Scope, period: Duration) {
        self.prefixes = prefixes.map { $0.lowercased() }
        self.appPrefixes = appPrefixes.map { $0.lowercased() }
        self.reset = reset
        self.scope = scope
        self.period = period
    }

    /// The window `headers` (names lowercased) state, or nil when they state none.
    public func window(from headers: [String: String]) -> RateLimitWindow? {
        window(from: headers, prefixes: prefixes)
    }

    /// The app's window `headers` state (`appPrefixes`), or nil when they state none.
    public func appWindow(from headers: [String: String]) -> RateLimitWindow? {
        window(from: headers, prefixes: appPrefixes)
    }

    private func window(from headers: [String: String], prefixes: [String]) -> RateLimitWindow? {
        var result: RateLimitWindow?
        for prefix in prefixes {
            guard let remaining = headers["\(prefix)-remaining"].flatMap({ Int(trimmed($0)) }),
                let resetAt = headers["\(prefix)-reset"].flatMap(resetDate)
            else { continue }
            let limit = headers["\(prefix)-limit"].flatMap { Int(trimmed($0)) }
            let window = RateLimitWindow(limit: limit, remaining: remaining, resetAt: resetAt)
            result = result.map { $0.moreRestrictive(window) } ?? window
        }
        return result
    }

    /// The book's key for a request to `endpoint`.
    public func key(endpoint: String) -> String {
        scope == .endpoint ? endpoint : ""
    }

    /// Reset times a network can mean, in whole Unix seconds (up to the year 5138). Another value
    /// (`1e30`, `inf`, 30 digits) is no reset time: it overflowed the wait's `Duration` and the
    /// error's `Int` seconds, killing the daemon with SIGILL (found by fuzzing, issue 15).
    static let plausibleResets: ClosedRange<Int> = 0...100_000_000_000

    private func resetDate(_ value: String) -> Date? {
        switch reset {
        case .unixSeconds:
            Int(trimmed(value)).flatMap { Self.plausibleResets.contains($0) ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
        case .iso8601: ISO8601Timestamp.parse(trimmed(value))
        }
    }

    private func trimmed(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespaces)
    }
}
