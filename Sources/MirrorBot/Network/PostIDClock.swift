import Foundation

/// When a post was made, read from its id alone: every network's ids carry their time
/// (X and Mastodon snowflakes, Bluesky TIDs, Misskey's time-prefixed ids), so the delay
/// of each of the human's replies after the post it answers is known without a request.
/// Each adapter has its own; the core only asks.
public protocol PostIDClock: Sendable {
    /// The time `id` was made; nil when the id does not carry one (another network's
    /// form, an old sequential id, a URI of another server).
    func postTime(ofID id: String) -> Date?

    /// Whether a stored post with this id and `created_at` can be one of this network's own,
    /// and so be looked up there: a post imported from another network (an X archive on a
    /// Mastodon bot, a Mastodon export on X) has an id of the same digits that the network
    /// would call missing, and must never be taken for one the human deleted.
    func isOwnPost(id: String, createdAt: Date) -> Bool
}

extension PostIDClock {
    /// How far an own post's id time may be from its stored `created_at`: on the real exports
    /// X's ids agree within 1 s, Mastodon's within 2 s; another network's id read as this
    /// network's lands years away.
    public static var ownPostTolerance: TimeInterval { 600 }

    /// By default: the id carries a time within `ownPostTolerance` of `createdAt`.
    public func isOwnPost(id: String, createdAt: Date) -> Bool {
        idTimeAgrees(id, createdAt) ?? false
    }

    /// Whether the id's time is within `ownPostTolerance` of `createdAt`; nil when the id carries no time.
    public func idTimeAgrees(_ id: String, _ createdAt: Date) -> Bool? {
        postTime(ofID: id).map { abs($0.timeIntervalSince(createdAt)) <= Self.ownPostTolerance }
    }
}
