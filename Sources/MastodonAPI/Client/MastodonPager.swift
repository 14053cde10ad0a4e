/// One walk over a list endpoint: `next()` fetches the next page, following
/// the `Link` header, until the limit, the last page or a known item; then nil.
/// `newest` is where a later walk resumes (its `since_id`): the first item served.
public actor MastodonPager<Item: Sendable & Decodable> {
    let client: MastodonClient
    let limit: Int
    let isKnown: (@Sendable (Item) -> Bool)?
    private var request: MastodonListRequest<Item>
    private var fetched = 0
    private var finished = false
    /// The newest item of the walk so far (lists are newest first); nil before one.
    public private(set) var newest: Item?

    init(client: MastodonClient, request: MastodonListRequest<Item>, limit: Int, isKnown: (@Sendable (Item) -> Bool)?) {
        self.client = client
        self.request = request
        self.limit = limit
        self.isKnown = isKnown
    }

    /// The next page (only items newer than the first known one), or nil when the walk is over.
    public func next() async throws -> [Item]? {
        guard !finished, fetched < limit else { return nil }
        let want = min(request.maxLimit, limit - fetched)
        request.pageQuery = request.pageQuery.filter { $0.name != "limit" } + [("limit", String(want))]
        let (items, next) = try await client.sendWithLinks(request)
        var page = Array(items.prefix(limit - fetched))
        if let isKnown, let index = page.firstIndex(where: isKnown) {
            page = Array(page[..<index])
            finished = true
        }
        fetched += page.count
        if let next, !items.isEmpty {
            // Keep since_id across pages: Mastodon's next link drops it.
            let since = request.pageQuery.filter { $0.name == "since_id" }
            let fixed = Set(request.fixedQuery.map(\.name))
            request.pageQuery = next.filter { $0.name != "since_id" && !fixed.contains($0.name) } + since
        } else {
            finished = true
        }
        if page.isEmpty { return nil }
        newest = newest ?? page.first
        return page
    }
}
