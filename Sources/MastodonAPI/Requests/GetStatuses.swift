/// `GET /api/v1/statuses?id[]=…` (Mastodon 4.3 and later): several statuses at once, each one
/// found once, in no promised order; a status that does not exist (deleted) or that the caller
/// may not see is left out. More than 20 distinct ids is 422 (`DEFAULT_STATUSES_LIMIT`,
/// mastodon/mastodon `Api::V1::StatusesController#check_statuses_limit`). A server older than
/// 4.3 has no such route: 404.
public struct GetStatuses: MastodonRequest {
    public typealias Response = [MastodonStatus]
    /// The most ids one request takes.
    public static let maximum = 20

    public var ids: [String]

    public init(ids: [String]) { self.ids = Array(ids.prefix(Self.maximum)) }

    public var method: String { "GET" }
    public var path: String { "/api/v1/statuses" }
    public var pathTemplate: String { path }
    public var query: [(name: String, value: String)] { ids.map { ("id[]", $0) } }
}
