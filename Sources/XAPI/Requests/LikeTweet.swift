import Foundation

/// `POST /2/users/:id/likes`: likes a post as the authenticated user `userID`.
public struct LikeTweet: XRequest {
    public struct Liked: Sendable, Codable, Equatable {
        public var liked: Bool

        public init(liked: Bool) { self.liked = liked }
    }

    public typealias Response = XResponse<Liked>

    public var userID: String
    public var tweetID: String

    public init(userID: String, tweetID: String) {
        self.userID = userID
        self.tweetID = tweetID
    }

    public var method: String { "POST" }
    public var path: String { "/2/users/\(OAuthPercentEncoding.encode(userID))/likes" }
    public var pathTemplate: String { "/2/users/:id/likes" }
    public var refusal: XRefusalKind { .like }
    public var body: Data? { try? JSONEncoder().encode(Body(tweetID: tweetID)) }

    /// `{"tweet_id": ...}`.
    public struct Body: Codable, Sendable {
        public var tweetID: String

        enum CodingKeys: String, CodingKey { case tweetID = "tweet_id" }
    }
}
