/// A page of a feed (`getAuthorFeed`, `getActorLikes`, `getTimeline`).
public struct BlueskyFeedPage: Sendable, Codable, Equatable {
    public var cursor: String?
    public var feed: [BlueskyFeedItem]

    public init(cursor: String? = nil, feed: [BlueskyFeedItem]) {
        self.cursor = cursor
        self.feed = feed
    }
}
