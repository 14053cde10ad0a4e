import Foundation

/// One walk over a cursor-paged feed, newest first: `next()` fetches the next page
/// until `limit` items, the last page, or the first item `after` covers. `position`
/// is where a later walk resumes: the newest item served (joined with `after` at the
/// same time), nil while none was.
public actor BlueskyPager<Item: Sendable> {
    public typealias Fetch = @Sendable (_ cursor: String?, _ limit: Int) async throws -> (items: [Item], cursor: String?)
    /// An item's URI and the time the feed orders it by.
    public typealias Key = @Sendable (Item) -> (uri: String, time: Date)

    let after: BlueskyStreamPosition?
    let limit: Int
    let fetch: Fetch
    let key: Key
    private var cursor: String?
    private var fetched = 0
    private var finished = false
    private var newest: BlueskyStreamPosition?

    public init(after: BlueskyStreamPosition?, limit: Int, fetch: @escaping Fetch, key: @escaping Key) {
        self.after = after
        self.limit = max(0, limit)
        self.fetch = fetch
        self.key = key
    }

    /// Where a later walk resumes; nil while nothing was served.
    public var position: BlueskyStreamPosition? { newest.map { $0.merged(after) } }

    /// The next page, or nil when the walk is over.
    public func next() async throws -> [Item]? {
        guard !finished, fetched < limit else { return nil }
        let page = try await fetch(cursor, min(100, limit - fetched))
        var served: [Item] = []
        for item in page.items.prefix(limit - fetched) {
            let (uri, time) = key(item)
            if let after, after.covers(uri: uri, time: time) {
                finished = true
                break
            }
            served.append(item)
            newest = BlueskyStreamPosition(time: time, uris: [uri]).merged(newest)
        }
        fetched += served.count
        cursor = page.cursor
        if page.cursor == nil || page.items.isEmpty { finished = true }
        if served.isEmpty && finished { return nil }
        return served
    }
}
