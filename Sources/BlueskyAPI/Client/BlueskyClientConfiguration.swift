import Foundation

/// How a `BlueskyClient` talks to its service: where, how often it retries,
/// how long it waits, and how many logins it allows itself.
///
/// Shaped like `APIClientConfiguration` (the shared client core): the same
/// fields, bounds applied once here.
public struct BlueskyClientConfiguration: Sendable {
    /// The PDS or entryway, e.g. `https://bsky.social` (`BLUESKY_SERVICE_URL`).
    public var serviceURL: URL
    /// Attempts per request for 5xx, connection failures and undecodable bodies (at least 1).
    public var maxAttempts: Int
    /// The first retry waits about this long; each further one twice as long (with jitter).
    public var retryBaseDelay: Duration
    /// No retry waits longer than this.
    public var maxRetryDelay: Duration
    /// The longest wait for a rate-limit reset; a farther reset throws `.rateLimited`.
    /// Bluesky's windows last 5 minutes (reads) to a day (writes): 6 minutes by default.
    public var maxRateLimitWait: Duration
    /// Added to every wait for a reset, against clock skew.
    public var rateLimitMargin: Duration
    /// How many 429s one request waits out before giving up.
    public var maxRateLimitRetries: Int
    /// Per-request timeout, in seconds.
    public var timeout: TimeInterval
    /// The logins mirror-bot allows itself per account (Bluesky: 30 per 5 minutes, 300 a day).
    public var loginBudget: BlueskyLoginBudget

    public init(
        serviceURL: URL, maxAttempts: Int = 4, retryBaseDelay: Duration = .seconds(1), maxRetryDelay: Duration = .seconds(60),
        maxRateLimitWait: Duration = .seconds(6 * 60), rateLimitMargin: Duration = .seconds(1), maxRateLimitRetries: Int = 2,
        timeout: TimeInterval = 30, loginBudget: BlueskyLoginBudget = .bluesky
    ) {
        self.serviceURL = serviceURL
        self.maxAttempts = max(1, maxAttempts)
        self.retryBaseDelay = max(.zero, retryBaseDelay)
        self.maxRetryDelay = max(.zero, maxRetryDelay)
        self.maxRateLimitWait = max(.zero, maxRateLimitWait)
        self.rateLimitMargin = max(.zero, rateLimitMargin)
        self.maxRateLimitRetries = max(0, maxRateLimitRetries)
        self.timeout = timeout > 0 ? timeout : 30
        self.loginBudget = loginBudget
    }

    /// The delay before retry number `retry` (1-based): base * 2^(retry-1), times a
    /// jitter in [0.5, 1.5), at most `maxRetryDelay`.
    public func backoff(retry: Int, jitter: Double) -> Duration {
        let doubling = Double(1 << min(max(retry - 1, 0), 30))
        return min(maxRetryDelay, retryBaseDelay * (doubling * (0.5 + min(max(jitter, 0), 1))))
    }
}
