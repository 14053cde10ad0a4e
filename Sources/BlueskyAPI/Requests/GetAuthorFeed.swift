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
