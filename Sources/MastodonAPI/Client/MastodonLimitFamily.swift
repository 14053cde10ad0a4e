/// The limits Mastodon keeps besides the 300 requests per 5 minutes every
/// authenticated API request counts against (`X-RateLimit-*` report the one
/// closest to running out; mastodon/documentation `content/en/api/rate-limits.md`):
///
///     statuses  POST /api/v1/statuses                       300 per 3 hours   per account
///     paging    any request with page/min_id/max_id/since_id 300 per 15 minutes per account
///     media     POST /api/v2/media (and v1)                   30 per 30 minutes  per account
///
/// (mastodon/mastodon: `RateLimiter` families and `config/initializers/rack_attack.rb`.)
/// A request of a family is held while its family's window or the shared one is spent.
public enum MastodonLimitFamily: String, Sendable, CaseIterable {
    case statuses
    case paging
    /// Uploads (`throttle_api_media`).
    case media

    /// The parameters that make a request a paging one to Mastodon's limiter.
    static let pagingParameters: Set<String> = ["page", "min_id", "max_id", "since_id"]

    /// The family of a request, or nil when only the shared window counts it.
    public init?(method: String, pathTemplate: String, query: [(name: String, value: String)]) {
        if method == "POST" && pathTemplate == "/api/v1/statuses" {
            self = .statuses
        } else if method == "POST" && (pathTemplate == "/api/v2/media" || pathTemplate == "/api/v1/media") {
            self = .media
        } else if query.contains(where: { Self.pagingParameters.contains($0.name) && !$0.value.isEmpty }) {
            self = .paging
        } else {
            return nil
        }
    }
}
