/// `app.bsky.feed.getTimeline`: the session's home timeline, newest first.
public struct GetTimeline: XRPCRequest {
    public typealias Response = BlueskyFeedPage
    public static let nsid = "app.bsky.feed.getTimeline"

    public var page: XRPCPage

    public init(page: XRPCPage = XRPCPage()) { self.page = page }

    public var parameters: [(name: String, value: String)] { page.parameters }
}
