import APIClientCore
import Foundation

/// `POST /2/tweets`: publishes a post, or a reply.
public struct CreateTweet: XRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    public struct Created: Sendable, Codable, Equatable {
        public var id: String
        public var text: String

        public init(id: String, text: String) {
            self.id = id
            self.text = text
        }
    }

    public typealias Response = XResponse<Created>

    public var text: String
    public var inReplyToTweetID: String?
    /// Uploads (`UploadXMedia`) attached in order: at most 4 (`CreatePostsMedia.media_ids.maxItems`).
    public var mediaIDs: [String]

    public init(text: String, inReplyToTweetID: String? = nil, mediaIDs: [String] = []) {
        self.text = text
        self.inReplyToTweetID = inReplyToTweetID
        self.mediaIDs = mediaIDs
    }

    public var method: String { "POST" }
    public var path: String { "/2/tweets" }
    public var pathTemplate: String { "/2/tweets" }
    public var refusal: XRefusalKind { .createTweet(isReply: inReplyToTweetID != nil) }
    /// X has no idempotency key, but refuses the same text twice as duplicate content.
    public var replay: Replay { .refusedWhenRepeated }

    public var body: Data? {
        try? JSONEncoder().encode(
            Body(
                text: text, reply: inReplyToTweetID.map { Body.Reply(inReplyToTweetID: $0) },
                media: mediaIDs.isEmpty ? nil : Body.Media(mediaIDs: mediaIDs)))
    }

    /// `{"text": ..., "reply": {"in_reply_to_tweet_id": ...}, "media": {"media_ids": [...]}}`.
    public struct Body: Codable, Sendable {
        public struct Reply: Codable, Sendable {
            public var inReplyToTweetID: String

            public init(inReplyToTweetID: String) { self.inReplyToTweetID = inReplyToTweetID }

            enum CodingKeys: String, CodingKey { case inReplyToTweetID = "in_reply_to_tweet_id" }
        }

        /// `CreatePostsMedia`.
        public struct Media: Codable, Sendable {
            public var mediaIDs: [String]

            public init(mediaIDs: [String]) { self.mediaIDs = mediaIDs }

            enum CodingKeys: String, CodingKey { case mediaIDs = "media_ids" }
        }

        public var text: String
        public var reply: Reply?
        public var media: Media?

        public init(text: String, reply: Reply? = nil, media: Media? = nil) {
            self.text = text
            self.reply = reply
            self.media = media
        }
    }
}
