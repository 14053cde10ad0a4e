import Foundation

/// What the last responses said about the rate limits, per window as the
/// network's `RateLimitScheme` keys them (per endpoint, or one per account),
/// and per limit family where a request names one (`APIRequest.rateLimitFamily`).
///
/// A request of a family counts against two windows at once: the family's own and
/// the scheme's shared one; it is blocked while either is spent. A window a response
/// states (or a 429 spends) is the family's when its reset lies farther away than the
/// shared window can last (`RateLimitScheme.period`, plus a minute of clock skew);
/// otherwise it may be the shared one, and is kept as that: a nearby reset then holds
/// every request for at most one shared period, a distant one only the family.
///
/// Windows the network keeps per app (`RateLimitScheme.appPrefixes`) are also kept in `app`,
/// shared by the books of every account of the app, and block each of them.
public actor RateLimitBook {
    public nonisolated let scheme: RateLimitScheme
    /// The app's windows, shared with its other accounts' books; nil: this account's alone.
    public nonisolated let app: AppRateLimits?
    private var windows: [String: RateLimitWindow] = [:]

    /// Tolerance for the server's clock running ahead of ours when telling a family's window from the shared one.
    static let skew: TimeInterval = 60

    public init(scheme: RateLimitScheme, app: AppRateLimits? = nil) {
        self.scheme = scheme
        self.app = app
    }

    /// Records what a response's headers (names lowercased) state, when they state anything.
    public func record(endpoint: String, headers: [String: String]) async {
        await record(endpoint: endpoint, family: nil, headers: headers, now: Date(timeIntervalSince1970: 0))
    }

    /// The same for a request of `family` (nil: the scheme's window only), answered at `now`.
    public func record(endpoint: String, family: String?, headers: [String: String], now: Date) async {
        guard let window = scheme.window(from: headers) else { return }
        windows[key(endpoint: endpoint, family: family, resetAt: window.resetAt, now: now)] = window
        if let app, let appWindow = scheme.appWindow(from: headers) { await app.record(key: scheme.key(endpoint: endpoint), appWindow) }
    }

    /// Marks the window of `endpoint` spent until `resetAt` (after a 429).
    public func markSpent(endpoint: String, until resetAt: Date) {
        markSpent(endpoint: endpoint, family: nil, until: resetAt, now: Date(timeIntervalSince1970: 0))
    }

    /// The same for a request of `family` refused at `now`.
    public func markSpent(endpoint: String, family: String?, until resetAt: Date, now: Date) {
        let key = key(endpoint: endpoint, family: family, resetAt: resetAt, now: now)
        windows[key] = RateLimitWindow(limit: windows[key]?.limit, remaining: 0, resetAt: resetAt)
    }

    /// When the window of `endpoint` is spent and resets after `now`, the reset time.
    public func blockedUntil(endpoint: String, now: Date) async -> Date? {
        await blockedUntil(endpoint: endpoint, family: nil, now: now)
    }

    /// The latest reset after `now` of a spent window a request of `family` to `endpoint` counts
    /// against: this account's, and the app's.
    public func blockedUntil(endpoint: String, family: String?, now: Date) async -> Date? {
        let keys = [scheme.key(endpoint: endpoint)] + (family.map { [Self.familyKey($0)] } ?? [])
        let own = keys.compactMap { windows[$0] }.filter { $0.isSpent && $0.resetAt > now }.map(\.resetAt).max()
        let shared = await app?.blockedUntil(key: scheme.key(endpoint: endpoint), now: now)
        return [own, shared].compactMap { $0 }.max()
    }

    /// The window a request to `endpoint` counts against, as last stated.
    public func window(endpoint: String) -> RateLimitWindow? {
        windows[scheme.key(endpoint: endpoint)]
    }

    /// The window of `family`, as last stated.
    public func window(family: String) -> RateLimitWindow? {
        windows[Self.familyKey(family)]
    }

    private func key(endpoint: String, family: String?, resetAt: Date, now: Date) -> String {
        guard let family, resetAt.timeIntervalSince(now) > scheme.period.seconds + Self.skew else {
            return scheme.key(endpoint: endpoint)
        }
        return Self.familyKey(family)
    }

    /// Family keys cannot meet the scheme's keys (`""` or `METHOD /path`).
    private static func familyKey(_ family: String) -> String { "family:" + family }
}
