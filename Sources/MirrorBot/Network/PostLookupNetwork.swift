/// What the bot needs to take back what the human took back: whether posts still exist.
///
/// Kept apart from `SocialNetwork` (a network without it simply gets no checks).
/// A lookup answers only what the network said plainly: a post the network
/// reports missing (X's `resource-not-found` entry, Mastodon's 404, a URI
/// Bluesky's `getPosts` leaves out). Anything else (5xx, 429, a timeout, an
/// answer that names neither the post nor its absence) throws or leaves the post
/// out of the result: an unanswered lookup never counts as a deletion.
public protocol PostLookupNetwork: Sendable {
    /// The most ids one lookup request takes (X 100, Bluesky 25, Mastodon 20, Misskey 1).
    var lookupBatchSize: Int { get }

    /// Of `ids` (at most `lookupBatchSize`), those the network says no longer exist.
    func missingPosts(among ids: [String]) async throws -> Set<String>
}

/// Deletes one of the authenticated account's own posts: the bot's copy of a post the human took back.
public protocol PostDeletingNetwork: Sendable {
    /// Deletes the account's post `id`. Returns normally when it is deleted or the network says
    /// it no longer exists; throws on anything else (the copy is tried again later).
    func deletePost(id: String) async throws
}

/// A network that can also take back: look posts up and delete the account's own.
public typealias TakeBackNetwork = SocialNetwork & PostLookupNetwork & PostDeletingNetwork
