import Foundation

/// Fixed windows per user and endpoint (`x-rate-limit-*`), and per app and endpoint for the
/// limits X counts over every user of one app (`x-app-limit-24hour-*`, `POST /2/tweets`), each
/// announced in X's headers. A request is let through when every window it counts against has
/// room, and then counts against each.
struct FakeXRateLimiter: Sendable {
    struct Window: Sendable {
        var used: Int
        var resetAt: Int
    }

    private var windows: [String: Window] = [:]

    /// Counts a request of `user` (of the app `app`, its consumer key); returns whether it is
    /// allowed and the headers to send.
    mutating func consume(
        user: String, app: String?, endpoint: String, limit: FakeXRateLimit?, appLimit: FakeXRateLimit?, now: Date
    ) -> (allowed: Bool, headers: [(name: String, value: String)]) {
        var counted: [(key: String, limit: FakeXRateLimit, prefix: String)] = []
        if let limit { counted.append(("user " + user + " " + endpoint, limit, "x-rate-limit")) }
        if let app, let appLimit { counted.append(("app " + app + " " + endpoint, appLimit, "x-app-limit-24hour")) }
        let seconds = now.timeIntervalSince1970
        var current = counted.map { entry in
            var window = windows[entry.key] ?? Window(used: 0, resetAt: 0)
            if Double(window.resetAt) <= seconds {
                window = Window(used: 0, resetAt: Int((seconds + entry.limit.window).rounded(.up)))
            }
            return window
        }
        let allowed = zip(counted, current).allSatisfy { $1.used < $0.limit.limit }
        var headers: [(name: String, value: String)] = []
        for index in counted.indices {
            if allowed { current[index].used += 1 }
            windows[counted[index].key] = current[index]
            let (limit, prefix) = (counted[index].limit.limit, counted[index].prefix)
            headers += [
                ("\(prefix)-limit", String(limit)),
                ("\(prefix)-remaining", String(max(0, limit - current[index].used))),
                ("\(prefix)-reset", String(current[index].resetAt)),
            ]
        }
        return (allowed, headers)
    }
}
