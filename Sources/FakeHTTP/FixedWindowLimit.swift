import Foundation

/// A fake server's rate limit: `limit` requests per `window` seconds for each key (an
/// account, a caller), each window starting with its key's first request after the last
/// one ended. The servers announce it in their own headers.
public struct FixedWindowLimit: Sendable {
    public let limit: Int
    public let window: TimeInterval
    private var windows: [String: (used: Int, resetAt: Date)] = [:]

    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Counts one request of `key` at `now` (a refused one is not counted): whether it
    /// is allowed, how many the window has left, and when it resets.
    public mutating func consume(_ key: String, now: Date) -> (allowed: Bool, remaining: Int, resetAt: Date) {
        var current = windows[key] ?? (0, now.addingTimeInterval(window))
        if current.resetAt <= now { current = (0, now.addingTimeInterval(window)) }
        let allowed = current.used < limit
        if allowed { current.used += 1 }
        windows[key] = current
        return (allowed, max(0, limit - current.used), current.resetAt)
    }
}
