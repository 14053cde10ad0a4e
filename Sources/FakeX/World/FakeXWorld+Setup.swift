import Foundation
import XAPI

extension FakeXWorld {
    mutating func addUser(_ user: FakeXUser) {
        if let old = users[user.id]?.credentials { tokens[old.accessToken] = nil }
        users[user.id] = user
        if let credentials = user.credentials { tokens[credentials.accessToken] = user.id }
    }

    /// Stores a post; a nil id gets a snowflake id from `createdAt`, so id order is time order.
    @discardableResult
    mutating func insertTweet(
        id: String?, authorID: String, text: String, createdAt: Date, inReplyToTweetID: String?,
        inReplyToUserID: String?, retweetOfID: String?
    ) -> FakeXTweet {
        let id = id ?? nextSnowflake(for: createdAt)
        let target = inReplyToTweetID.flatMap { tweets[$0] }
        let tweet = FakeXTweet(
            id: id, authorID: authorID, text: text, createdAt: createdAt, inReplyToTweetID: inReplyToTweetID,
            inReplyToUserID: inReplyToUserID ?? target?.authorID, retweetOfID: retweetOfID,
            conversationID: target?.conversationID ?? id)
        tweets[id] = tweet
        return tweet
    }

    /// A fresh snowflake id for a post created at `date`.
    mutating func nextSnowflake(for date: Date) -> String {
        let milliseconds = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
        let since = milliseconds > XDate.snowflakeEpochMilliseconds ? milliseconds - XDate.snowflakeEpochMilliseconds : 1
        var candidate = since << 22
        while tweets[String(candidate)] != nil { candidate += 1 }
        return String(candidate)
    }
}
