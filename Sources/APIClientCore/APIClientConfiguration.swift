import Clocks
import Foundation

/// How a client talks to its network: where, how often it retries, how long it
/// waits. The same for every network (`XClientConfiguration` and
/// `MastodonClientConfiguration` name it); the bounds are applied here, once.
public struct APIClientConfiguration: Sendable {
    /// The server: `https://api.x.com`, `https://mastodon.social`, a fake on loopback.
    public let baseURL: URL
    /// Attempts per request for 5xx, connection failures and undecodable bodies (at least 1).
    public let maxAttempts: Int
    /// The first retry waits about this long; each further one twice as long (with jitter).
    public let retryBaseDelay: Duration
    /// No retry waits longer than this, whatever the doubling says.
    public let maxRetryDelay: Duration
    /// The longest wait for a rate-limit reset; a farther reset throws `.rateLimited`.
    /// nil: the network's rate-limit period plus a minute (X 16 minutes, Mastodon 6).
    public let maxRateLimitWait: Duration?
    /// Added to every wait for a reset, against clock skew.
    public let rateLimitMargin: Duration
    /// How many 429s one request waits out before giving up (at least 0).
    public let maxRateLimitRetries: Int
    /// Per-request timeout, in seconds.
    public let timeout: TimeInterval

    public init(
        baseURL: URL, maxAttempts: Int = 4, retryBaseDelay: Duration = .seconds(1),
        maxRetryDelay: Duration = .seconds(60), maxRateLimitWait: Duration? = nil,
        rateLimitMargin: Duration = .seconds(1), maxRateLimitRetries: Int = 2, timeout: TimeInterval = 30
    ) {
        self.baseURL = baseURL
        self.maxAttempts = max(1, maxAttempts)
        self.retryBaseDelay = max(.zero, retryBaseDelay)
        self.maxRetryDelay = max(.zero, maxRetryDelay)
        self.maxRateLimitWait = maxRateLimitWait.map { max(.zero, $0) }
        self.rateLimitMargin = max(.zero, rateLimitMargin)
        self.maxRateLimitRetries = max(0, maxRateLimitRetries)
        self.timeout = timeout > 0 ? timeout : 30
    }

    /// The retries' waits: `retryBaseDelay` doubling per retry, times a jitter in [0.5, 1.5),
    /// at most `maxRetryDelay`.
    public var retryBackoff: Backoff { Backoff(base: retryBaseDelay, cap: maxRetryDelay) }

    /// The longest wait for a reset on a network whose windows last `period`.
    public func rateLimitWaitBound(period: Duration) -> Duration {
        maxRateLimitWait ?? period + .seconds(60)
    }
}
