import APIClientCore

/// A call on one status by its id, `/api/v1/statuses/:id` and an optional action after it
/// (`/favourite`), answered with the status (`GetStatus`, `DeleteStatus`, `FavouriteStatus`).
public protocol MastodonStatusRequest: MastodonRequest where Response == MastodonStatus {
    var statusID: String { get }
    /// What follows the id in the path (`/favourite`); "" for the status itself.
    static var action: String { get }
}

extension MastodonStatusRequest {
    public static var action: String { "" }
    public var path: String { "/api/v1/statuses/\(MastodonPercentEncoding.encode(statusID))\(Self.action)" }
    public var pathTemplate: String { "/api/v1/statuses/:id\(Self.action)" }
}
