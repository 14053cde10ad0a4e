import Foundation

/// What each id served on a stream means as a position.
///
/// The daemon keeps one id per stream as its cursor and picks it with `isNewer`,
/// made for X's and Mastodon's growing numbers. Bluesky's ids are `at://` URIs,
/// which sort by author before time, so the cursor may be any id of the last walk.
/// This book maps every id a walk served (and the cursor it started from) to where
/// that walk got to; the next walk from any of them goes on from there. After a
/// restart the book is empty and the cursor post's own time is used instead
/// (`BlueskyStreamWalk`). Bounded: the oldest entries are forgotten.
actor BlueskyStreamBook {
    private var positions: [String: BlueskyStreamPosition] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int = 20_000) {
        self.capacity = max(1, capacity)
    }

    func position(stream: String, id: String) -> BlueskyStreamPosition? { positions[stream + " " + id] }

    func remember(stream: String, ids: some Sequence<String>, at position: BlueskyStreamPosition) {
        for id in ids {
            let key = stream + " " + id
            if positions.updateValue(position, forKey: key) == nil { order.append(key) }
        }
        if order.count > capacity {
            let dropped = order.prefix(order.count - capacity)
            for key in dropped { positions[key] = nil }
            order.removeFirst(dropped.count)
        }
    }
}
