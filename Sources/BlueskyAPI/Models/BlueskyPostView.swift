/// `app.bsky.feed.defs#postView`: a post as the AppView serves it.
public struct BlueskyPostView: Sendable, Codable, Equatable {
    /// `at://DID/app.bsky.feed.post/RKEY`.
    public var uri: String
    public var cid: String
    public var author: BlueskyProfile
    public var record: BlueskyPostRecord
    /// When the AppView indexed it (feeds are ordered by it).
    public var indexedAt: String

    public init(uri: String, cid: String, author: BlueskyProfile, record: BlueskyPostRecord, indexedAt: String) {
        self.uri = uri
        self.cid = cid
        self.author = author
        self.record = record
        self.indexedAt = indexedAt
    }

    public var strongRef: BlueskyStrongRef { BlueskyStrongRef(uri: uri, cid: cid) }
}
