import Foundation

/// Where a walk of one stream got to: the newest item's time, and which items had
/// exactly that time (so the next walk serves newer ones and those it has not seen).
struct BlueskyStreamPosition: Sendable, Equatable {
    var time: Date
    var ids: Set<String>

    /// Whether an item at `time` with `id` was reached before (the walk stops there).
    func covers(id: String, time itemTime: Date) -> Bool {
        itemTime < time || (itemTime == time && ids.contains(id))
    }

    /// The later of two positions (ids at the same time joined).
    func merged(_ other: BlueskyStreamPosition?) -> BlueskyStreamPosition {
        guard let other else { return self }
        if other.time > time { return other }
        if other.time < time { return self }
        return BlueskyStreamPosition(time: time, ids: ids.union(other.ids))
    }
}
