import Foundation

/// When stored posts were written (`created_at`), by id.
public protocol PostDateStore: Sendable {
    /// The `created_at` of each of `ids` that is stored; ids not stored are left out.
    func createdDates(of ids: [String]) async throws -> [String: Date]
}

/// Which stored posts the bot's network can be asked about. The human may have imported posts
/// from another network (an X archive on a Mastodon bot, a Mastodon export on X): their ids are
/// digits like the network's own, the network would call them missing, and they would be taken
/// for posts the human deleted and never reposted. A post is looked up only when the network's
/// `PostIDClock` finds its id to be the network's own (its time agrees with `created_at`).
public struct OwnPosts: Sendable {
    public let clock: any PostIDClock
    public let dates: any PostDateStore

    public init(clock: any PostIDClock, dates: any PostDateStore) {
        self.clock = clock
        self.dates = dates
    }

    /// `ids` split, in their order, into those to look up (the network's own, and any not stored,
    /// as before) and those made elsewhere, never looked up.
    public func split(_ ids: [String]) async throws -> (own: [String], elsewhere: [String]) {
        guard !ids.isEmpty else { return ([], []) }
        let dates = try await dates.createdDates(of: ids)
        var own: [String] = []
        var elsewhere: [String] = []
        for id in ids {
            if let createdAt = dates[id], !clock.isOwnPost(id: id, createdAt: createdAt) {
                elsewhere.append(id)
            } else {
                own.append(id)
            }
        }
        return (own, elsewhere)
    }
}
