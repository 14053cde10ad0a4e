import APIClientCore

extension RateLimitScheme {
    /// Misskey: no rate-limit headers on answers (removed in misskey-dev/misskey PR #13949), each
    /// endpoint limited on its own (`meta.limit`: `notes/create` 300 per hour, `i/notifications`
    /// 30 per 30 seconds), a 429 saying `Retry-After`. A reset more than two minutes away is not
    /// waited for inside one request: the caller hears `rateLimited` and comes back later.
    public static let misskey = RateLimitScheme(prefixes: [], reset: .unixSeconds, scope: .endpoint, period: .seconds(60))
}
