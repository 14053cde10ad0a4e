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
