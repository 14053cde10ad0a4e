import Foundation

/// One endpoint call as the shared client sends it: what goes on the wire, its
/// name, whether it may be repeated, and how a refusal reads. `XRequest` and
/// `MastodonRequest` refine it, filling most of it in from their own terms.
public protocol APIRequest: Sendable {
    associatedtype Response: Sendable & Decodable
    associatedtype Failure: APIFailure

    /// `GET` or `POST`.
    var method: String { get }
    /// The path with ids filled in, e.g. `/2/users/42/tweets`.
    var path: String { get }
    /// The path template, e.g. `/2/users/:id/tweets`: names the endpoint in
    /// errors and keys its rate limit.
    var pathTemplate: String { get }
    /// Query parameters, in order (unencoded).
    var query: [(name: String, value: String)] { get }
    /// The body and its content type, or nil. Throwing when the body cannot be
    /// encoded: the request then fails at once, unsent.
    var requestBody: RequestBody? { get throws }
    /// Headers of this request besides `Authorization`, `Accept`, `User-Agent`, `Content-Type`.
    var headers: [(name: String, value: String)] { get }
    /// Whether a retry could do the work twice: `.safe` unless the request says
    /// otherwise, so a write that a retry could repeat must not keep the default.
    var replay: Replay { get }
    /// The limit family the request counts against besides the scheme's window (Mastodon's
    /// `statuses` for posting, `paging` for paged reads); nil (the default): the scheme's window only.
    var rateLimitFamily: String? { get }
    /// Whether the request is part of publishing a post (the post itself, its media), whose
    /// timing people see: it goes before the requests waiting in line for its server
    /// (`CurlTransport`) that are not, on a connection of its own, so the transport never sends
    /// it again unseen (`HTTPSendOptions`). False (the default) for reads and the other writes;
    /// those made while `Publishing.underway` (a post's source looked up) go first too.
    var publishes: Bool { get }

    /// A refusal: any status but 2xx, 429 and 5xx, with the error body's detail.
    func failure(status: Int, detail: String) -> Failure
    /// The same with the error body's name (`APIDialect.errorCode(of:)`), when it has one.
    /// What the client calls; by default the name is dropped and `failure(status:detail:)` decides.
    func failure(status: Int, errorCode: String?, detail: String) -> Failure
}

extension APIRequest {
    public var query: [(name: String, value: String)] { [] }
    public var requestBody: RequestBody? { nil }
    public var headers: [(name: String, value: String)] { [] }
    public var replay: Replay { .safe }
    public var rateLimitFamily: String? { nil }
    public var publishes: Bool { false }

    public func failure(status: Int, errorCode: String?, detail: String) -> Failure {
        failure(status: status, detail: detail)
    }

    /// `GET /2/users/:id/tweets`: the name used in errors and for rate limits.
    public var endpoint: String { "\(method) \(pathTemplate)" }
}
