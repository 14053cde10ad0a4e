/// `app.bsky.feed.defs#feedViewPost`: one item of a feed; `reason` says why it
/// is there when not as the author's own post (a repost, a pin).
public struct BlueskyFeedItem: Sendable, Codable, Equatable {
    public struct Reason: Sendable, Codable, Equatable {
        public static let repost = "app.bsky.feed.defs#reasonRepost"
        public static let pin = "app.bsky.feed.defs#reasonPin"

        public var type: String
        /// Who reposted.
        public var by: BlueskyProfile?
        /// When it was reposted.
        public var indexedAt: String?

        public init(type: String, by: BlueskyProfile? = nil, indexedAt: String? = nil) {
            self.type = type
            self.by = by
            self.indexedAt = indexedAt
        }

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case by, indexedAt
        }
    }

    public var post: BlueskyPostView
    public var reason: Reason?
    /// The author of the post a reply answers, when the feed says (`reply.parent.author`).
    public var replyParentAuthor: BlueskyProfile?

    public init(post: BlueskyPostView, reason: Reason? = nil, replyParentAuthor: BlueskyProfile? = nil) {
        self.post = post
        self.reason = reason
        self.replyParentAuthor = replyParentAuthor
    }

    enum CodingKeys: String, CodingKey { case post, reason, reply }

    /// `reply.parent` is a union (a post, a deleted or a blocked one): only its author is read, when there.
    struct ReplyContext: Codable {
        struct Parent: Codable { var author: BlueskyProfile? }
        var parent: Parent?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        post = try container.decode(BlueskyPostView.self, forKey: .post)
        reason = try? container.decode(Reason.self, forKey: .reason)
        replyParentAuthor = (try? container.decode(ReplyContext.self, forKey: .reply))?.parent?.author
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(post, forKey: .post)
        try container.encodeIfPresent(reason, forKey: .reason)
        if let replyParentAuthor {
            try container.encode(ReplyContext(parent: .init(author: replyParentAuthor)), forKey: .reply)
        }
    }

    public var isRepost: Bool { reason?.type == Reason.repost }
    public var isPin: Bool { reason?.type == Reason.pin }

    /// The time the feed orders this item by: the repost's, else the post's.
    public var sortedAt: String { reason?.indexedAt ?? post.indexedAt }
}
