import APIClientCore
import Foundation

/// Mastodon's part of the shared client: a bearer token, `{"error": …}` bodies,
/// one `X-RateLimit-*` window per account, and one per limit family
/// (`MastodonLimitFamily`: posting, paging) that a request names.
public struct MastodonDialect: BearerTokenDialect {
    public let token: String

    public init(token: String) { self.token = token }

    public static var rateLimitScheme: RateLimitScheme { .mastodon }

    /// The server's `error` field.
    public static func errorSummary(of body: Data) -> String? {
        (try? JSONDecoder().decode(MastodonErrorBody.self, from: body))?.error
    }
}
