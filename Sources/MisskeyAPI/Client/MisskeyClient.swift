import APIClientCore
import Clocks
import Foundation

/// Sends typed `MisskeyRequest`s for one account (an app or MiAuth token, sent as
/// `Authorization: Bearer`): every call a JSON `POST /api/<endpoint>`. Retries 5xx, lost
/// connections, unreadable bodies and misskey.io's 202 `PROCESSING` with backoff, waits out a
/// 429 until its `Retry-After` (a proxy's non-JSON 429 too), never retries other refusals.
/// Errors name the endpoint, the status and Misskey's error code, never the token.
///
/// The shared `APIClient` in Misskey's dialect; time is injected as there.
public final class MisskeyClient: BearerTokenClient {
    public let core: APIClient<MisskeyDialect>

    public init(core: APIClient<MisskeyDialect>) { self.core = core }

    /// Sends `request` and decodes its response. Throws `MisskeyAPIError` (or `CancellationError`).
    public func send<R: MisskeyRequest>(_ request: R) async throws -> R.Response {
        try await core.send(request).value
    }

    /// A walk over a list endpoint in `order`, at most `limit` items; a page is requested
    /// only when asked for.
    public func pager<Q: MisskeyPagedQuery>(_ query: Q, order: MisskeyPageOrder, limit: Int) -> MisskeyPager<Q> {
        MisskeyPager(client: self, query: query, order: order, limit: limit)
    }
}
