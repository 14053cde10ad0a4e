import Foundation

/// Where the human's past replies come from.
public protocol ReplySource: Sendable {
    /// Up to `limit` of the human's replies to `userID`, in random order.
    func replies(to userID: String, limit: Int) async throws -> [String]

    /// As `replies(to:limit:)`, falling back to replies stored with only a
    /// screen name for the person (a Mastodon export names people by actor URL,
    /// not by the API's account id).
    func replies(to userID: String, username: String?, limit: Int) async throws -> [String]

    /// As `replies(to:username:limit:)`, the stored posts themselves (their ids are looked up before use).
    func replyPosts(to userID: String, username: String?, limit: Int) async throws -> [Post]
}

extension ReplySource {
    public func replies(to userID: String, username: String?, limit: Int) async throws -> [String] {
        try await replies(to: userID, limit: limit)
    }

    /// The texts without ids (a source that keeps none: nothing to look up).
    public func replyPosts(to userID: String, username: String?, limit: Int) async throws -> [Post] {
        try await replies(to: userID, username: username, limit: limit).map { Post(id: "", text: $0, createdAt: Date(timeIntervalSince1970: 0)) }
    }
}
