import APIClientCore
import Foundation

/// `POST /2/tweets`: publishes a post, or a reply.
public struct CreateTweet: XRequest {
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

    public init(text: String, inReplyToTweetID: String? = nil) {
        self.text = text
        self.inReplyToTweetID = inReplyToTweetID
    }

    public var method: String { "POST" }
    public var path: String { "/2/tweets" }
    public var pathTemplate: String { "/2/tweets" }
    public var refusal: XRefusalKind { .createTweet(isReply: inReplyToTweetID != nil) }
    /// X has no idempotency key, but refuses the same text twice as duplicate content.
    public var replay: Replay { .refusedWhenRepeated }

    public var body: Data? {
        try? JSONEncoder().encode(Body(text: text, reply: inReplyToTweetID.map { Body.Reply(inReplyToTweetID: $0) }))
    }

    /// `{"text": ..., "reply": {"in_reply_to_tweet_id": ...}}`.
    public struct Body: Codable, Sendable {
        public struct Reply: Codable, Sendable {
            public var inReplyToTweetID: String

            public init(inReplyToTweetID: String) { self.inReplyToTweetID = inReplyToTweetID }

            enum CodingKeys: String, CodingKey { case inReplyToTweetID = "in_reply_to_tweet_id" }
        }

        public var text: String
        public var reply: Reply?
    }
}
