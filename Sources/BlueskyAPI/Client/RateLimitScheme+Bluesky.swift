import APIClientCore

extension RateLimitScheme {
    /// Bluesky: `ratelimit-limit/-remaining/-reset` (Unix seconds) per endpoint;
    /// reads are windows of 5 minutes (writes cost points per hour and day).
    /// `ratelimit-policy` (`3000;w=300`) restates the limit and the window's length:
    /// the reset is absolute, so it is not needed.
    public static let bluesky = RateLimitScheme(
        prefixes: ["ratelimit"], reset: .unixSeconds, scope: .endpoint, period: .seconds(5 * 60))
}
