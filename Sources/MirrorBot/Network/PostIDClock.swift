import Foundation

/// When a post was made, read from its id alone: every network's ids carry their time
/// (X and Mastodon snowflakes, Bluesky TIDs, Misskey's time-prefixed ids), so the delay
/// of each of the human's replies after the post it answers is known without a request.
/// Each adapter has its own; the core only asks.
public protocol PostIDClock: Sendable {
    /// The time `id` was made; nil when the id does not carry one (another network's
    /// form, an old sequential id, a URI of another server).
    func postTime(ofID id: String) -> Date?
}
