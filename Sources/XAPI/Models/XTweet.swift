import Foundation
import APIClientCore

/// A post as X API v2 returns it with the fields `XRequest`s ask for.
public struct XTweet: Sendable, Equatable, Codable {
    /// One entry of `referenced_tweets`: `retweeted`, `quoted` or `replied_to`.
    public struct Reference: Sendable, Equatable, Codable {
        public var type: String
        public var id: String

        public init(type: String, id: String) {
            self.type = type
            self.id = id
        }
    }

    public var id: String
    public var text: String
    /// `2021-01-06T18:40:40.000Z`, kept as sent; see `createdDate`.
    public var createdAt: String?
    public var authorID: String?
    public var inReplyToUserID: String?
    public var conversationID: String?
    public var referencedTweets: [Reference]?

    enum CodingKeys: String, CodingKey {
        case id, text
        case createdAt = "created_at"
        case authorID = "author_id"
        case inReplyToUserID = "in_reply_to_user_id"
        case conversationID = "conversation_id"
        case referencedTweets = "referenced_tweets"
    }

    public init(
        id: String, text: String, createdAt: String? = nil, authorID: String? = nil,
        inReplyToUserID: String? = nil, conversationID: String? = nil, referencedTweets: [Reference]? = nil
    ) {
        self.id = id
        self.text = text
        self.createdAt = createdAt
        self.authorID = authorID
        self.inReplyToUserID = inReplyToUserID
        self.conversationID = conversationID
        self.referencedTweets = referencedTweets
    }

    /// True for a retweet (`referenced_tweets` has type `retweeted`).
    public var isRetweet: Bool {
        referencedTweets?.contains { $0.type == "retweeted" } ?? false
    }

    /// The id of the post this one replies to, if any.
    public var repliedToID: String? {
        referencedTweets?.first { $0.type == "replied_to" }?.id
    }

    /// `createdAt` parsed, or nil when missing or malformed.
    public var createdDate: Date? {
        createdAt.flatMap(ISO8601Timestamp.parse)
    }
}
