import FakeHTTP
import Foundation

/// The limits Mastodon's own limiter keeps per account, as the fake enforces them
/// (mastodon/mastodon `config/initializers/rack_attack.rb` and its `statuses`
/// rate-limiter family; mastodon/documentation `content/en/api/rate-limits.md`):
///
///     all       every authenticated API request                 300 per 5 minutes
///     paging    a request with page, min_id, max_id or since_id 300 per 15 minutes
///     statuses  POST /api/v1/statuses                           300 per 3 hours
///     media     POST /api/v1/media and /api/v2/media             30 per 30 minutes (`throttle_api_media`)
///
/// A request counts against every limit it falls under; the first spent one refuses it
/// (429, that limit in the headers, nothing counted). An answered request's
/// `X-RateLimit-*` report the limit closest to running out (of equals, the longer one).
/// Unlike Mastodon's, each window starts at the account's first request after the last
/// one ended, not at a multiple of its period: a reset is never farther than one period.
struct FakeMastodonLimits: Sendable {
    typealias Family = FakeMastodonLimitFamily

    var limits: [Family: FixedWindowLimit] = [
        .all: FixedWindowLimit(limit: 300, window: 5 * 60),
        .paging: FixedWindowLimit(limit: 300, window: 15 * 60),
        .statuses: FixedWindowLimit(limit: 300, window: 3 * 60 * 60),
        .media: FixedWindowLimit(limit: 30, window: 30 * 60),
    ]

    /// The limits a request falls under, as Mastodon's limiter tells them apart.
    static func families(method: String, path: String, query: [(name: String, value: String)]) -> [Family] {
        var families: [Family] = [.all]
        let paging: Set<String> = ["page", "min_id", "max_id", "since_id"]
        if query.contains(where: { paging.contains($0.name) && !$0.value.isEmpty }) { families.append(.paging) }
        if method == "POST" && path == "/api/v1/statuses" { families.append(.statuses) }
        if method == "POST" && (path == "/api/v2/media" || path == "/api/v1/media") { families.append(.media) }
        return families
    }

    /// Counts one request of `account` under `families` at `now`: whether it is allowed,
    /// and the limit its headers report (limit, remaining, reset).
    mutating func consume(_ account: String, families: [Family], now: Date) -> (allowed: Bool, limit: Int, remaining: Int, resetAt: Date) {
        // Check first, count after: a refused request counts against none.
        for family in families {
            guard var probe = limits[family], !probe.consume(account, now: now).allowed else { continue }
            // Consumed for real only to keep the refused window (a refusal is not counted).
            let refused = limits[family]?.consume(account, now: now)
            return (false, probe.limit, 0, refused?.resetAt ?? now)
        }
        var reported: (allowed: Bool, limit: Int, remaining: Int, resetAt: Date)?
        for family in families {
            guard let state = limits[family]?.consume(account, now: now), let limit = limits[family]?.limit else { continue }
            let candidate = (true, limit, state.remaining, state.resetAt)
            if let current = reported, current.remaining < state.remaining
                || (current.remaining == state.remaining && current.resetAt >= state.resetAt)
            {
                continue
            }
            reported = candidate
        }
        return reported ?? (true, 0, 0, now)
    }
}

/// One of Mastodon's per-account limits (`FakeMastodonServer.setRateLimit(_:limit:window:)`).
public enum FakeMastodonLimitFamily: String, Sendable, CaseIterable {
    /// Every authenticated API request (300 per 5 minutes).
    case all
    /// Requests with page, min_id, max_id or since_id (300 per 15 minutes).
    case paging
    /// Posting: `POST /api/v1/statuses` (300 per 3 hours).
    case statuses
    /// Uploads: `POST /api/v2/media` (30 per 30 minutes).
    case media
}
