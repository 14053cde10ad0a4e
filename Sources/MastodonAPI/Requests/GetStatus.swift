/// `GET /api/v1/statuses/:id`: one status. A status that does not exist (deleted) is
/// `404 {"error": "Record not found"}`.
public struct GetStatus: MastodonRequest {
    public typealias Response = MastodonStatus

    public var statusID: String

    public init(statusID: String) { self.statusID = statusID }

    public var method: String { "GET" }
    public var path: String { "/api/v1/statuses/\(MastodonPercentEncoding.encode(statusID))" }
    public var pathTemplate: String { "/api/v1/statuses/:id" }
}
