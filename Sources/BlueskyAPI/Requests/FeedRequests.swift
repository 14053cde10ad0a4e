/// Paging parameters every feed and list shares: `limit` (1-100) and the opaque `cursor`.
public struct XRPCPage: Sendable, Equatable {
    public var limit: Int
    public var cursor: String?

    public init(limit: Int = 100, cursor: String? = nil) {
        self.limit = min(max(limit, 1), 100)
        self.cursor = cursor
    }

    var parameters: [(name: String, value: String)] {
        [("limit", String(limit))] + (cursor.map { [("cursor", $0)] } ?? [])
    }
}

/// `app.bsky.feed.getAuthorFeed`: an account's posts and reposts, newest first;
/// `posts_with_replies` keeps replies (flagged by `record.reply`), pins left out.
public struct GetAuthorFeed: XRPCRequest {
    public typealias Response = BlueskyFeedPage
    public static let nsid = "app.bsky.feed.getAuthorFeed"

    public var actor: String
    public var filter: String
    public var page: XRPCPage

    public init(actor: String, filter: String = "posts_with_replies", page: XRPCPage = XRPCPage()) {
        self.actor = actor
        self.filter = filter
        self.page = page
    }

    public var parameters: [(name: String, value: String)] {
        [("actor", actor), ("filter", filter)] + page.parameters
    }
}

/// `app.bsky.feed.getActorLikes`: the posts an account liked, most recently liked
/// first (only the session's own account).
public struct GetActorLikes: XRPCRequest {
    public typealias Response = BlueskyFeedPage
    public static let nsid = "app.bsky.feed.getActorLikes"

    public var actor: String
    public var page: XRPCPage

    public init(actor: String, page: XRPCPage = XRPCPage()) {
        self.actor = actor
        self.page = page
    }

    public var parameters: [(name: String, value: String)] { [("actor", actor)] + page.parameters }
}

/// `app.bsky.feed.getTimeline`: the session's home timeline, newest first.
public struct GetTimeline: XRPCRequest {
    public typealias Response = BlueskyFeedPage
    public static let nsid = "app.bsky.feed.getTimeline"

    public var page: XRPCPage

    public init(page: XRPCPage = XRPCPage()) { self.page = page }

    public var parameters: [(name: String, value: String)] { page.parameters }
}

/// `app.bsky.notification.listNotifications` for some `reasons` (`mention`, `reply`, `quote`).
public struct ListNotifications: XRPCRequest {
    public typealias Response = BlueskyNotificationPage
    public static let nsid = "app.bsky.notification.listNotifications"

    public var reasons: [String]
    public var page: XRPCPage

    public init(reasons: [String], page: XRPCPage = XRPCPage()) {
        self.reasons = reasons
        self.page = page
    }

    public var parameters: [(name: String, value: String)] { reasons.map { ("reasons", $0) } + page.parameters }
}

/// `app.bsky.feed.getPosts`: up to 25 posts by URI (missing ones are left out).
public struct GetPosts: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public var posts: [BlueskyPostView]
    }

    public static let nsid = "app.bsky.feed.getPosts"
    public static let maximum = 25

    public var uris: [String]

    public init(uris: [String]) { self.uris = Array(uris.prefix(Self.maximum)) }

    public var parameters: [(name: String, value: String)] { uris.map { ("uris", $0) } }
}

/// `app.bsky.actor.getProfile`: an account by handle or DID, its labels included.
public struct GetProfile: XRPCRequest {
    public typealias Response = BlueskyProfile
    public static let nsid = "app.bsky.actor.getProfile"

    public var actor: String

    public init(actor: String) { self.actor = actor }

    public var parameters: [(name: String, value: String)] { [("actor", actor)] }
}

/// `com.atproto.identity.resolveHandle`: the DID behind a handle.
public struct ResolveHandle: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public var did: String
    }

    public static let nsid = "com.atproto.identity.resolveHandle"

    public var handle: String

    public init(handle: String) { self.handle = handle }

    public var parameters: [(name: String, value: String)] { [("handle", handle)] }
}
