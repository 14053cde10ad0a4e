import APIClientCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mastodon's part of the shared client: a bearer token, `{"error": …}` bodies,
/// one `X-RateLimit-*` window per account, and one per limit family
/// (`MastodonLimitFamily`: posting, paging) that a request names.
struct MastodonDialect: APIDialect {
    let token: String

    static var rateLimitScheme: RateLimitScheme { .mastodon }

    /// The server's `error` field.
    static func errorSummary(of body: Data) -> String? {
        (try? JSONDecoder().decode(MastodonErrorBody.self, from: body))?.error
    }

    func authorize(_ request: inout URLRequest, now: Date) async {
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
}
