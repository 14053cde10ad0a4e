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
