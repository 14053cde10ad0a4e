/// One page request on a list endpoint; the pager swaps `pageQuery` for the
/// `Link` header's `next` parameters.
public struct MastodonListRequest<Item: Sendable & Decodable>: MastodonRequest {
    public typealias Response = [Item]

    public var path: String
    public var pathTemplate: String
    /// Parameters every page carries (`exclude_reblogs`, `types[]`).
    public var fixedQuery: [(name: String, value: String)]
    /// Paging parameters (`limit`, `since_id`, `max_id`), replaced page by page.
    public var pageQuery: [(name: String, value: String)]
    /// The endpoint's largest `limit`.
    public var maxLimit: Int

    public init(
        path: String, pathTemplate: String, fixedQuery: [(name: String, value: String)] = [],
        pageQuery: [(name: String, value: String)] = [], maxLimit: Int
    ) {
        self.path = path
        self.pathTemplate = pathTemplate
        self.fixedQuery = fixedQuery
        self.pageQuery = pageQuery
        self.maxLimit = maxLimit
    }

    public var method: String { "GET" }
    public var query: [(name: String, value: String)] { fixedQuery + pageQuery }
}

extension MastodonListRequest where Item == MastodonStatus {
    /// `GET /api/v1/accounts/:id/statuses`: an account's statuses, replies kept, boosts left out.
    public static func accountStatuses(accountID: String, sinceID: String? = nil, limit: Int = 40) -> Self {
        Self(
            path: "/api/v1/accounts/\(MastodonPercentEncoding.encode(accountID))/statuses",
            pathTemplate: "/api/v1/accounts/:id/statuses", fixedQuery: [("exclude_reblogs", "true")],
            pageQuery: page(limit: min(limit, 40), sinceID: sinceID), maxLimit: 40)
    }

    /// `GET /api/v1/favourites`: the authenticated account's favourites, paged only by `Link`.
    public static func favourites(limit: Int = 40) -> Self {
        Self(path: "/api/v1/favourites", pathTemplate: "/api/v1/favourites", pageQuery: page(limit: min(limit, 40), sinceID: nil), maxLimit: 40)
    }

    /// `GET /api/v1/timelines/home`.
    public static func homeTimeline(sinceID: String? = nil, limit: Int = 40) -> Self {
        Self(
            path: "/api/v1/timelines/home", pathTemplate: "/api/v1/timelines/home",
            pageQuery: page(limit: min(limit, 40), sinceID: sinceID), maxLimit: 40)
    }
}

extension MastodonListRequest where Item == MastodonNotification {
    /// `GET /api/v1/notifications?types[]=mention`; `sinceID` is a notification id.
    public static func mentions(sinceID: String? = nil, limit: Int = 80) -> Self {
        Self(
            path: "/api/v1/notifications", pathTemplate: "/api/v1/notifications", fixedQuery: [("types[]", "mention")],
            pageQuery: page(limit: min(limit, 80), sinceID: sinceID), maxLimit: 80)
    }
}

extension MastodonListRequest {
    static func page(limit: Int, sinceID: String?) -> [(name: String, value: String)] {
        var query: [(name: String, value: String)] = [("limit", String(max(1, limit)))]
        if let sinceID { query.append(("since_id", sinceID)) }
        return query
    }
}
