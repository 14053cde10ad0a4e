/// `POST /api/v1/statuses/:id/favourite`: favourites a status (idempotent on the server).
public struct FavouriteStatus: MastodonStatusRequest {
    public var statusID: String

    public init(statusID: String) { self.statusID = statusID }

    public static let action = "/favourite"
    public var method: String { "POST" }
}
