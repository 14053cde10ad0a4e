/// `POST /api/v1/statuses/:id/favourite`: favourites a status (idempotent on the server).
public struct FavouriteStatus: MastodonRequest {
    public typealias Response = MastodonStatus

    public var statusID: String

    public init(statusID: String) { self.statusID = statusID }

    public var method: String { "POST" }
    public var path: String { "/api/v1/statuses/\(MastodonPercentEncoding.encode(statusID))/favourite" }
    public var pathTemplate: String { "/api/v1/statuses/:id/favourite" }
}
