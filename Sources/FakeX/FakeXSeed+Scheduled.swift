import Dispatch
import Foundation

extension FakeXSeed {
    /// A post that appears `after_seconds` (real seconds) after the server starts:
    /// `{"after_seconds": 8, "author_id": "3", "text": "@mirror hi"}`. It gets its id
    /// and `created_at` when it appears, and shows in timelines and mentions from then on.
    public struct Scheduled: Sendable, Codable {
        public var afterSeconds: Double
        public var authorID: String
        public var text: String
        public var inReplyToTweetID: String?

        enum CodingKeys: String, CodingKey {
            case text
            case afterSeconds = "after_seconds"
            case authorID = "author_id"
            case inReplyToTweetID = "in_reply_to_tweet_id"
        }
    }
}

extension FakeXServer {
    /// Adds each scheduled post at its time from now, on `queue`; `onAdded` sees
    /// each one with its new id. Nothing is added after the server is released.
    public func schedule(
        _ entries: [FakeXSeed.Scheduled], on queue: DispatchQueue = .global(),
        onAdded: (@Sendable (FakeXSeed.Scheduled, String) -> Void)? = nil
    ) {
        runEach(entries, after: \.afterSeconds, on: queue) { server, entry in
            let id = server.addTweet(authorID: entry.authorID, text: entry.text, inReplyToTweetID: entry.inReplyToTweetID)
            onAdded?(entry, id)
        }
    }
}
