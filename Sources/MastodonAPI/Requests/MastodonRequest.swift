import APIClientCore
import Foundation

/// One Mastodon API call: method, path, query, form body, idempotency key and
/// response type (`method`, `path`, `pathTemplate`, `query` and `endpoint`
/// come from `APIRequest`).
public protocol MastodonRequest: APIRequest where Failure == MastodonAPIError {
    /// A form body (`application/x-www-form-urlencoded`), or nil.
    var form: [(name: String, value: String)]? { get }
    /// Sent as `Idempotency-Key`: the server answers a repeated key with the first result.
    var idempotencyKey: String? { get }
}

extension MastodonRequest {
    public var form: [(name: String, value: String)]? { nil }
    public var idempotencyKey: String? { nil }
    public var requestBody: RequestBody? { form.map(RequestBody.form) }
    public var headers: [(name: String, value: String)] { idempotencyKey.map { [("Idempotency-Key", $0)] } ?? [] }
    /// `statuses` for posting, `paging` for paged reads, else nil (the per-account window only).
    public var rateLimitFamily: String? { MastodonLimitFamily(method: method, pathTemplate: pathTemplate, query: query)?.rawValue }

    /// 401: the token was rejected; anything else is a plain failure (never retried).
    public func failure(status: Int, detail: String) -> MastodonAPIError {
        status == 401 ? .unauthorized(endpoint: endpoint, detail: detail) : .failed(endpoint: endpoint, status: status, detail: detail)
    }
}
