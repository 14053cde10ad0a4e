import APIClientCore
import Foundation

/// One X API v2 endpoint call: method, path, query, JSON body, response type,
/// and what a 403 from it means (`method`, `path`, `pathTemplate`, `query`
/// and `endpoint` come from `APIRequest`).
public protocol XRequest: APIRequest where Failure == XAPIError {
    /// A JSON body (never signed), or nil.
    var body: Data? { get }
    /// What a 403 from this endpoint means.
    var refusal: XRefusalKind { get }
}

extension XRequest {
    public var body: Data? { nil }
    public var refusal: XRefusalKind { .generic }
    public var requestBody: RequestBody? { body.map(RequestBody.json) }

    public func failure(status: Int, detail: String) -> XAPIError {
        XAPIError.from(status: status, detail: detail, endpoint: endpoint, refusal: refusal)
    }
}

/// How to read a 403 from an endpoint.
public enum XRefusalKind: Sendable, Equatable {
    case generic
    /// `POST /2/tweets`; `isReply` when it answers a post.
    case createTweet(isReply: Bool)
    /// `POST /2/users/:id/likes`.
    case like
}

/// The fields every post-returning request asks for.
public enum XFields {
    public static let tweetFields = "created_at,author_id,in_reply_to_user_id,referenced_tweets,conversation_id"
    public static let expansions = "author_id,in_reply_to_user_id"
    public static let userFields = "username"

    static var query: [(name: String, value: String)] {
        [("tweet.fields", tweetFields), ("expansions", expansions), ("user.fields", userFields)]
    }
}
