import APIClientCore

extension RateLimitScheme {
    /// Mastodon: `X-RateLimit-Limit/-Remaining/-Reset`, Reset an ISO 8601
    /// timestamp; 300 requests per 5 minutes per account, across endpoints. Posting and
    /// paging have longer windows of their own besides (`MastodonLimitFamily`).
    public static let mastodon = RateLimitScheme(
        prefixes: ["x-ratelimit"], reset: .iso8601, scope: .account, period: .seconds(5 * 60))
}
