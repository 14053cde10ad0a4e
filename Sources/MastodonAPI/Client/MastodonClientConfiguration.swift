import Foundation

/// How a `MastodonClient` talks to a server: where, how often it retries, how long it waits.
public struct MastodonClientConfiguration: Sendable {
    /// The server, e.g. `https://mastodon.social` (`MASTODON_BASE_URL`).
    public var baseURL: URL
    /// Attempts per request for 5xx, connection failures and undecodable bodies.
    public var maxAttempts: Int
    /// The first retry waits about this long; each further one twice as long (with jitter).
    public var retryBaseDelay: Duration
    /// The longest wait for a rate-limit reset; a farther reset throws `.rateLimited`.
    public var maxRateLimitWait: Duration
    /// Added to every wait for a reset, against clock skew.
    public var rateLimitMargin: Duration
    /// How many 429s one request waits out before giving up.
    public var maxRateLimitRetries: Int
    /// Per-request timeout.
    public var timeout: TimeInterval

    public init(
        baseURL: URL, maxAttempts: Int = 4, retryBaseDelay: Duration = .seconds(1),
        maxRateLimitWait: Duration = .seconds(6 * 60), rateLimitMargin: Duration = .seconds(1),
        maxRateLimitRetries: Int = 2, timeout: TimeInterval = 30
    ) {
        self.baseURL = baseURL
        self.maxAttempts = max(1, maxAttempts)
        self.retryBaseDelay = retryBaseDelay
        self.maxRateLimitWait = maxRateLimitWait
        self.rateLimitMargin = rateLimitMargin
        self.maxRateLimitRetries = max(0, maxRateLimitRetries)
        self.timeout = timeout
    }

    /// The delay before retry number `retry` (1-based): base * 2^(retry-1), times a jitter in [0.5, 1.5).
    public func backoff(retry: Int, jitter: Double) -> Duration {
        retryBaseDelay * (Double(1 << min(max(retry - 1, 0), 16)) * (0.5 + jitter))
    }
}
