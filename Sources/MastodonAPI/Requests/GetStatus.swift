/// `GET /api/v1/statuses/:id`: one status. A status that does not exist (deleted) is
/// `404 {"error": "Record not found"}`.
public struct GetStatus: MastodonStatusRequest {
    public var statusID: String

    public init(statusID: String) { self.statusID = statusID }

    public var method: String { "GET" }
}
