import APIClientCore

extension RateLimitScheme {
    /// X: `x-rate-limit-limit/-remaining/-reset` (Unix seconds) per endpoint and
    /// 15-minute window; the 24-hour user and app limits count too when a response states them.
    /// The app's (`x-app-limit-24hour`, e.g. 10,000 posts a day on `POST /2/tweets`) is one cap for
    /// every user of the app: shared by the clients of one app (`AppRateLimits`).
    public static let x = RateLimitScheme(
        prefixes: ["x-rate-limit", "x-user-limit-24hour", "x-app-limit-24hour"], appPrefixes: ["x-app-limit-24hour"], reset: .unixSeconds,
        scope: .endpoint, period: .seconds(15 * 60))
}
