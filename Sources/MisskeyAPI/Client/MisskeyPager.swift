/// One walk over a `sinceId`/`untilId` list endpoint (`MisskeyPageOrder`): `next()` fetches
/// the next page, until the limit, an empty page or the floor; then nil. `position` is where
/// a later walk resumes: the newest id seen (the floor when nothing newer came).
///
/// Misskey answers `sinceId` alone oldest first, and anything else newest first; the pager
/// sends only the combinations whose order it expects, and checks it: items out of order or
/// outside the bounds are dropped, never trusted (a page's filtering may leave it short).
public actor MisskeyPager<Query: MisskeyPagedQuery> {
    public typealias Item = Query.Item

    let client: MisskeyClient
    let order: MisskeyPageOrder
    let limit: Int
    private var request: MisskeyPaged<Query>
    private var fetched = 0
    private var finished = false
    /// The newest id seen (or the starting position).
    public private(set) var position: String?

    /// Misskey's largest `limit` on every list endpoint mirror-bot reads.
    public static var maxPageSize: Int { 100 }

    init(client: MisskeyClient, query: Query, order: MisskeyPageOrder, limit: Int) {
        self.client = client
        self.order = order
        self.limit = max(0, limit)
        var request = MisskeyPaged(query)
        switch order {
        case .newestFirst:
            // The first page: neither bound (a lone sinceId would turn the order round).
            request.sinceId = nil
            request.untilId = nil
            position = nil
        case .oldestFirst(let after):
            request.sinceId = after
            request.untilId = nil
            position = after
        }
        self.request = request
        if case .newestFirst(let floor) = order { position = floor }
    }

    /// The next page, in the walk's order, or nil when the walk is over.
    public func next() async throws -> [Item]? {
        guard !finished, fetched < limit else { return nil }
        request.limit = min(Self.maxPageSize, limit - fetched)
        let items = try await client.send(request)
        let page: [Item]
        switch order {
        case .newestFirst(let floor):
            var kept: [Item] = []
            var reachedFloor = false
            for item in items {
                if let last = kept.last?.id ?? request.untilId, !MisskeyID.isNewer(last, than: item.id) { continue }
                if let floor, !MisskeyID.isNewer(item.id, than: floor) {
                    reachedFloor = true
                    break
                }
                kept.append(item)
            }
            page = Array(kept.prefix(limit - fetched))
            if let newest = page.first?.id, position.map({ MisskeyID.isNewer(newest, than: $0) }) ?? true, request.untilId == nil {
                position = newest
            }
            if reachedFloor || items.isEmpty { finished = true }
            if let oldest = page.last?.id {
                request.untilId = oldest
                // Both bounds: still newest first, and the server stops at the floor.
                if let floor { request.sinceId = floor }
            } else {
                finished = true
            }
        case .oldestFirst:
            var kept: [Item] = []
            for item in items {
                let last = kept.last?.id ?? request.sinceId
                if let last, !MisskeyID.isNewer(item.id, than: last) { continue }
                kept.append(item)
            }
            page = Array(kept.prefix(limit - fetched))
            if let newest = page.last?.id {
                position = newest
                request.sinceId = newest
            } else {
                finished = true
            }
        }
        fetched += page.count
        if page.isEmpty { return nil }
        return page
    }
}
