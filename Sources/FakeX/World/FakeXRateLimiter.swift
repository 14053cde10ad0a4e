import Foundation

/// Fixed windows per user and endpoint, announced in X's headers.
struct FakeXRateLimiter: Sendable {
    struct Window: Sendable {
        var used: Int
        var resetAt: Int
    }

    private var windows: [String: Window] = [:]

    /// Counts a request; returns whether it is allowed and the headers to send.
    mutating func consume(user: String, endpoint: String, limit: FakeXRateLimit?, now: Date)
        -> (allowed: Bool, headers: [(name: String, value: String)])
    {
        guard let limit else { return (true, []) }
        let key = user + " " + endpoint
        let seconds = now.timeIntervalSince1970
        var window = windows[key] ?? Window(used: 0, resetAt: 0)
        if Double(window.resetAt) <= seconds {
            window = Window(used: 0, resetAt: Int((seconds + limit.window).rounded(.up)))
        }
        let allowed = window.used < limit.limit
        if allowed { window.used += 1 }
        windows[key] = window
        let headers: [(name: String, value: String)] = [
            ("x-rate-limit-limit", String(limit.limit)),
            ("x-rate-limit-remaining", String(max(0, limit.limit - window.used))),
            ("x-rate-limit-reset", String(window.resetAt)),
        ]
        return (allowed, headers)
    }
}
