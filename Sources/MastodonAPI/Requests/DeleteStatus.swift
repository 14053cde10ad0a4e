/// `DELETE /api/v1/statuses/:id`: deletes one of the account's own statuses and returns it;
/// one that is not there (or not the account's) is 404.
public struct DeleteStatus: MastodonStatusRequest {
    public var statusID: String

    public init(statusID: String) { self.statusID = statusID }

    public var method: String { "DELETE" }
}
