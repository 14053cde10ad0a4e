import Foundation

/// What the last responses said about the rate limits, per window as the
/// network's `RateLimitScheme` keys them (per endpoint, or one per account).
public actor RateLimitBook {
    public nonisolated let scheme: RateLimitScheme
    private var windows: [String: RateLimitWindow] = [:]

    public init(scheme: RateLimitScheme) {
        self.scheme = scheme
    }

    /// Records what a response's headers (names lowercased) state, when they state anything.
    public func record(endpoint: String, headers: [String: String]) {
        guard let window = scheme.window(from: headers) else { return }
        windows[scheme.key(endpoint: endpoint)] = window
    }

    /// Marks the window of `endpoint` spent until `resetAt` (after a 429).
    public func markSpent(endpoint: String, until resetAt: Date) {
        let key = scheme.key(endpoint: endpoint)
        windows[key] = RateLimitWindow(limit: windows[key]?.limit, remaining: 0, resetAt: resetAt)
    }

    /// When the window of `endpoint` is spent and resets after `now`, the reset time.
    public func blockedUntil(endpoint: String, now: Date) -> Date? {
        guard let window = windows[scheme.key(endpoint: endpoint)], window.isSpent, window.resetAt > now else {
            return nil
        }
        return window.resetAt
    }

    /// The window a request to `endpoint` counts against, as last stated.
    public func window(endpoint: String) -> RateLimitWindow? {
        windows[scheme.key(endpoint: endpoint)]
    }
}
