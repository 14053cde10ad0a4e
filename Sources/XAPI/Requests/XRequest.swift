import Foundation

/// One X API v2 endpoint call: method, path, query, JSON body and response type.
public protocol XRequest: Sendable {
    associatedtype Response: Sendable & Decodable

    /// `GET` or `POST`.
    var method: String { get }
    /// The path with ids filled in, e.g. `/2/users/42/tweets`.
    var path: String { get }
    /// The endpoint's path template, e.g. `/2/users/:id/tweets`: names it in
    /// errors and keys its rate limit.
    var pathTemplate: String { get }
    /// Query parameters, in order (unencoded).
    var query: [(name: String, value: String)] { get }
    /// A JSON body (never signed), or nil.
    var body: Data? { get }
    /// What a 403 from this endpoint means.
    var refusal: XRefusalKind { get }
}

extension XRequest {
    public var query: [(name: String, value: String)] { [] }
    public var body: Data? { nil }
    public var refusal: XRefusalKind { .generic }

    /// `GET /2/users/:id/tweets`: the name used in errors and for rate limits.
    public var endpoint: String { "\(method) \(pathTemplate)" }
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
