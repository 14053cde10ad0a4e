import Foundation

extension BlueskyClient {
    /// `actor`'s posts with replies (`getAuthorFeed`), newer than `after`.
    public func authorFeed(actor: String, after: BlueskyStreamPosition?, limit: Int) -> BlueskyPager<BlueskyFeedItem> {
        BlueskyPager(after: after, limit: limit, fetch: { [self] cursor, size in
            let page = try await send(GetAuthorFeed(actor: actor, page: XRPCPage(limit: size, cursor: cursor)))
            return (page.feed, page.cursor)
        }, key: Self.feedKey)
    }

    /// The session's home timeline (`getTimeline`), newer than `after`.
    public func timeline(after: BlueskyStreamPosition?, limit: Int) -> BlueskyPager<BlueskyFeedItem> {
        BlueskyPager(after: after, limit: limit, fetch: { [self] cursor, size in
            let page = try await send(GetTimeline(page: XRPCPage(limit: size, cursor: cursor)))
            return (page.feed, page.cursor)
        }, key: Self.feedKey)
    }

    /// The posts `actor` liked (`getActorLikes`: the session's own), most recently liked first.
    public func actorLikes(actor: String, limit: Int) -> BlueskyPager<BlueskyFeedItem> {
        BlueskyPager(after: nil, limit: limit, fetch: { [self] cursor, size in
            let page = try await send(GetActorLikes(actor: actor, page: XRPCPage(limit: size, cursor: cursor)))
            return (page.feed, page.cursor)
        }, key: Self.feedKey)
    }

    /// The session's notifications for `reasons` (`listNotifications`), newer than `after`.
    public func notifications(reasons: [String], after: BlueskyStreamPosition?, limit: Int) -> BlueskyPager<BlueskyNotification> {
        BlueskyPager(after: after, limit: limit, fetch: { [self] cursor, size in
            let page = try await send(ListNotifications(reasons: reasons, page: XRPCPage(limit: size, cursor: cursor)))
            return (page.notifications, page.cursor)
        }, key: { ($0.uri, Self.time($0.indexedAt)) })
    }

    static let feedKey: BlueskyPager<BlueskyFeedItem>.Key = { ($0.post.uri, time($0.sortedAt)) }

    static func time(_ text: String) -> Date {
        BlueskyTimestamp.parse(text) ?? Date(timeIntervalSince1970: 0)
    }
}
