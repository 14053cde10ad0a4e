import APIClientCore
import Clocks
import Foundation

/// Sends typed `MastodonRequest`s for one account (a bearer token): obeys the
/// rate limit, retries 5xx, connection failures and undecodable bodies with
/// backoff and jitter (bounded), waits out 429s until the reset, and never
/// retries other 4xx. Errors name the endpoint, the status and the server's
/// `error` field, never the token.
///
/// The shared `APIClient` in Mastodon's dialect. Time is injected: `clock` reads
/// reset times and does every wait.
public final class MastodonClient: BearerTokenClient {
    /// The shared client; its `rateLimits` hold the shared window and one per
    /// `MastodonLimitFamily` (a posting 429 holds posting only).
    public let core: APIClient<MastodonDialect>

    public init(core: APIClient<MastodonDialect>) { self.core = core }

    /// Sends `request` and decodes its response. Throws `MastodonAPIError` (or `CancellationError`).
    public func send<R: MastodonRequest>(_ request: R) async throws -> R.Response {
        try await core.send(request).value
    }

    /// Sends `request`; also returns the `Link` header's `next` query, if any.
    public func sendWithLinks<R: MastodonRequest>(_ request: R) async throws
        -> (response: R.Response, next: [(name: String, value: String)]?)
    {
        let response = try await core.send(request)
        return (response.value, response.headers["link"].flatMap { MastodonLink.nextQuery(in: $0, base: configuration.baseURL) })
    }

    /// Pages of a list, newest first, following `Link: <…>; rel="next"`, until
    /// `limit` items, the last page, an item `isKnown` says was seen before, or
    /// the consumer stops: a page is requested only when asked for.
    public func pager<Item>(
        _ request: MastodonListRequest<Item>, limit: Int, isKnown: (@Sendable (Item) -> Bool)? = nil
    ) -> MastodonPager<Item> {
        MastodonPager(client: self, request: request, limit: limit, isKnown: isKnown)
    }
}
