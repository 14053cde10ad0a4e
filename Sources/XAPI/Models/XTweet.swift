import Foundation
import APIClientCore

/// A post as X API v2 returns it, in either dialect (`XFieldDialect`): `referenced_tweets`
/// or `referenced_posts`, `edit_history_tweet_ids` or `edit_history_post_ids`.
public struct XTweet: Sendable, Equatable, Codable {
    /// One entry of `referenced_tweets`/`referenced_posts`: `retweeted`, `quoted` or `replied_to`.
    public struct Reference: Sendable, Equatable, Codable {
        public var type: String
        public var id: String

        public init(type: String, id: String) {
            self.type = type
            self.id = id
        }
    }

    /// `attachments`: the keys of the post's media, in order (`includes.media` has them).
    public struct Attachments: Sendable, Equatable, Codable {
        public var mediaKeys: [String]?

        public init(mediaKeys: [String]?) { self.mediaKeys = mediaKeys }

        enum CodingKeys: String, CodingKey { case mediaKeys = "media_keys" }
    }

    public var id: String
    public var text: String
    /// `2021-01-06T18:40:40.000Z`, kept as sent; see `createdDate`.
    public var createdAt: String?
    public var authorID: String?
    public var inReplyToUserID: String?
    public var conversationID: String?
    /// Document 2.159's name for the references.
    public var referencedTweets: [Reference]?
    /// Document 2.167's name for the references.
    public var referencedPosts: [Reference]?
    public var editHistoryTweetIDs: [String]?
    public var editHistoryPostIDs: [String]?
    public var attachments: Attachments?

    enum CodingKeys: String, CodingKey {
        case id, text
        case createdAt = "created_at"
        case authorID = "author_id"
        case inReplyToUserID = "in_reply_to_user_id"
        case conversationID = "conversation_id"
        case referencedTweets = "referenced_tweets"
        case referencedPosts = "referenced_posts"
        case editHistoryTweetIDs = "edit_history_tweet_ids"
        case editHistoryPostIDs = "edit_history_post_ids"
        case attachments
    }

    public init(
        id: String, text: String, createdAt: String? = nil, authorID: String? = nil,
        inReplyToUserID: String? = nil, conversationID: String? = nil, referencedTweets: [Reference]? = nil,
        referencedPosts: [Reference]? = nil, editHistoryTweetIDs: [String]? = nil, editHistoryPostIDs: [String]? = nil,
        attachments: Attachments? = nil
    ) {
        self.id = id
        self.text = text
        self.createdAt = createdAt
        self.authorID = authorID
        self.inReplyToUserID = inReplyToUserID
        self.conversationID = conversationID
        self.referencedTweets = referencedTweets
        self.referencedPosts = referencedPosts
        self.editHistoryTweetIDs = editHistoryTweetIDs
        self.editHistoryPostIDs = editHistoryPostIDs
        self.attachments = attachments
    }

    /// The references, whichever dialect named them.
    public var references: [Reference] { (referencedTweets ?? []) + (referencedPosts ?? []) }

    /// True for a retweet (a reference of type `retweeted`).
    public var isRetweet: Bool { kind == .retweet }

    /// The id of the post this one replies to, if any.
    public var repliedToID: String? {
        references.first { $0.type == "replied_to" }?.id
    }

    /// What the post is, read only from what the answer shows (`XPostKind`).
    public var kind: XPostKind {
        let types = Set(references.map(\.type))
        if types.contains("retweeted") || text.hasPrefix("RT @") { return .retweet }
        if types.contains("replied_to") || inReplyToUserID != nil { return .reply }
        if types.contains("quoted") { return .quote }
        if !types.isEmpty { return .unknown }
        // No reference shown: an original only when the answer proves the references were
        // asked for and given (the author is a field in 2.159 and an expansion like
        // `referenced_posts` in 2.167; `conversation_id` a field in both), and the post
        // starts its own conversation. Otherwise the fields that would mark a retweet or
        // a reply may simply be missing.
        guard authorID != nil, let conversationID, conversationID == id else { return .unknown }
        return .original
    }

    /// `createdAt` parsed, or nil when missing or malformed.
    public var createdDate: Date? {
        createdAt.flatMap(ISO8601Timestamp.parse)
    }
}

/// What a post is. `unknown` when the answer lacks what would tell: such a post is never
/// taken for the author's own original (a retweet or reply must never be reposted).
public enum XPostKind: String, Sendable, Equatable, CaseIterable {
    case original, reply, retweet, quote, unknown
}
