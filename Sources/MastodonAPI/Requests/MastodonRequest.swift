import Foundation

/// One Mastodon API call: method, path, query, form body, and response type.
public protocol MastodonRequest: Sendable {
    associatedtype Response: Sendable & Decodable

    /// `GET` or `POST`.
    var method: String { get }
    /// The path with ids filled in, e.g. `/api/v1/statuses/42/favourite`.
    var path: String { get }
    /// The path template, e.g. `/api/v1/statuses/:id/favourite`: names the endpoint in errors.
    var pathTemplate: String { get }
    /// Query parameters, in order (unencoded).
    var query: [(name: String, value: String)] { get }
    /// A form body (`application/x-www-form-urlencoded`), or nil.
    var form: [(name: String, value: String)]? { get }
    /// Sent as `Idempotency-Key`: the server answers a repeated key with the first result.
    var idempotencyKey: String? { get }
}

extension MastodonRequest {
    public var query: [(name: String, value: String)] { [] }
    public var form: [(name: String, value: String)]? { nil }
    public var idempotencyKey: String? { nil }

    /// `GET /api/v1/favourites`: the name used in errors.
    public var endpoint: String { "\(method) \(pathTemplate)" }
}
