import BlueskyAPI
import Foundation
import MirrorBot

/// One item of a stream as a walk sees it: its id and time, and the post it hands
/// over (nil when the adapter leaves it out, e.g. outside the like scope: it still
/// moves the position).
struct BlueskyStreamItem: Sendable {
    var id: String
    var time: Date
    var post: NetworkPost?
}

/// One walk over a cursor-paged stream, newest first: `next()` fetches the next page
/// until `limit` items, the last page, or the first item the starting id's position
/// covers (`BlueskyStreamBook`). Every page it serves is recorded in the book.
actor BlueskyStreamWalk {
    typealias Fetch = @Sendable (_ cursor: String?, _ limit: Int) async throws -> (items: [BlueskyStreamItem], cursor: String?)
    /// The time of an id the book does not know (after a restart): the post's, from the network.
    typealias Locate = @Sendable (_ id: String) async throws -> Date?

    let stream: String
    let sinceID: String?
    let limit: Int
    let book: BlueskyStreamBook
    let fetch: Fetch
    let locate: Locate
    private var bound: BlueskyStreamPosition?
    private var started = false
    private var cursor: String?
    private var fetched = 0
    private var finished = false
    private var newest: BlueskyStreamPosition?

    init(stream: String, sinceID: String?, limit: Int, book: BlueskyStreamBook, fetch: @escaping Fetch, locate: @escaping Locate) {
        self.stream = stream
        self.sinceID = sinceID
        self.limit = max(0, limit)
        self.book = book
        self.fetch = fetch
        self.locate = locate
    }

    /// The next page of posts (possibly empty when the adapter left every item out), or nil when the walk is over.
    func next() async throws -> [NetworkPost]? {
        if !started {
            started = true
            if let sinceID {
                if let known = await book.position(stream: stream, id: sinceID) {
                    bound = known
                } else if let time = try await locate(sinceID) {
                    bound = BlueskyStreamPosition(time: time, ids: [sinceID])
                }
            }
        }
        guard !finished, fetched < limit else { return nil }
        let page = try await fetch(cursor, min(100, limit - fetched))
        var served: [BlueskyStreamItem] = []
        for item in page.items.prefix(limit - fetched) {
            if let bound, bound.covers(id: item.id, time: item.time) {
                finished = true
                break
            }
            served.append(item)
        }
        fetched += served.count
        cursor = page.cursor
        if page.cursor == nil || page.items.isEmpty { finished = true }
        for item in served {
            newest = BlueskyStreamPosition(time: item.time, ids: [item.id]).merged(newest)
        }
        if let position = newest ?? bound {
            await book.remember(stream: stream, ids: served.map(\.id) + [sinceID].compactMap { $0 }, at: position)
        }
        if served.isEmpty && finished { return nil }
        return served.compactMap(\.post)
    }
}
