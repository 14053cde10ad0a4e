import APIClientCore
import Foundation

/// How a `BlueskyClient` talks to its service: the shared client configuration
/// (where, how often it retries, how long it waits) and how many logins it
/// allows itself. Bluesky's read windows last 5 minutes, so by default a reset
/// up to 6 minutes away is waited for.
public struct BlueskyClientConfiguration: Sendable {
    /// The attempt loop's settings; its `baseURL` is the service.
    public var client: APIClientConfiguration
    /// The logins mirror-bot allows itself per account (Bluesky: 30 per 5 minutes, 300 a day).
    public var loginBudget: BlueskyLoginBudget

    /// The PDS or entryway, e.g. `https://bsky.social` (`BLUESKY_SERVICE_URL`).
    public var serviceURL: URL { client.baseURL }

    public init(client: APIClientConfiguration, loginBudget: BlueskyLoginBudget = .bluesky) {
        self.client = client
        self.loginBudget = loginBudget
    }

    /// The shared configuration's settings (see `APIClientConfiguration`) at `serviceURL`.
    public init(
        serviceURL: URL, maxAttempts: Int = 4, retryBaseDelay: Duration = .seconds(1), maxRetryDelay: Duration = .seconds(60),
        maxRateLimitWait: Duration? = nil, rateLimitMargin: Duration = .seconds(1), maxRateLimitRetries: Int = 2,
        timeout: TimeInterval = 30, loginBudget: BlueskyLoginBudget = .bluesky
    ) {
        self.init(
            client: APIClientConfiguration(
                baseURL: serviceURL, maxAttempts: maxAttempts, retryBaseDelay: retryBaseDelay, maxRetryDelay: maxRetryDelay,
                maxRateLimitWait: maxRateLimitWait, rateLimitMargin: rateLimitMargin, maxRateLimitRetries: maxRateLimitRetries,
                timeout: timeout),
            loginBudget: loginBudget)
    }
}
