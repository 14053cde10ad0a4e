/// `DELETE /2/tweets/:id`: deletes one of the authenticated user's posts
/// (`{"data": {"deleted": true}}`).
public struct DeleteTweet: XRequest {
    public struct Deleted: Sendable, Codable, Equatable {
        public var deleted: Bool
    }

    public typealias Response = XResponse<Deleted>

    public var tweetID: String

    public init(tweetID: String) { self.tweetID = tweetID }

    public var method: String { "DELETE" }
    public var path: String { "/2/tweets/\(OAuthPercentEncoding.encode(tweetID))" }
    public var pathTemplate: String { "/2/tweets/:id" }
}
