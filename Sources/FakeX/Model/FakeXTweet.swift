import Foundation
import APIClientCore
import XAPI

/// A post in the fake world.
public struct FakeXTweet: Sendable, Equatable {
    public var id: String
    public var authorID: String
    public var text: String
    public var createdAt: Date
    public var inReplyToTweetID: String?
    public var inReplyToUserID: String?
    public var retweetOfID: String?
    public var conversationID: String
    /// Its media, in order (`attachments.media_keys`).
    public var mediaKeys: [String] = []

    public var isRetweet: Bool { retweetOfID != nil }

    /// The id as a number, for ordering and `since_id` (0 when not numeric).
    var number: UInt64 { UInt64(id) ?? 0 }

    /// Whether the text mentions `@username` (case-insensitive, whole name).
    func mentions(username: String) -> Bool {
        let lowered = text.lowercased()
        let handle = "@" + username.lowercased()
        var searchStart = lowered.startIndex
        while let range = lowered.range(of: handle, range: searchStart..<lowered.endIndex) {
            let next = range.upperBound
            if next == lowered.endIndex || !(lowered[next].isLetter || lowered[next].isNumber || lowered[next] == "_") {
                return true
            }
            searchStart = next
        }
        return false
    }

    /// Whether the answer carries `attachments`: asked for as a field or through its expansion.
    func showsMedia(_ query: FakeXQuery) -> Bool {
        !mediaKeys.isEmpty && (query.fields.contains("attachments") || query.expansions.contains("attachments.media_keys"))
    }

    /// X API v2 escapes `&`, `<` and `>` in post text.
    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The X API v2 shape in `query`'s dialect: `id`, `text` and the edit history always;
    /// every other field only when asked for (as a field, or as an expansion in 2.167).
    func api(_ query: FakeXQuery) -> XTweet {
        var references: [XTweet.Reference] = []
        if let retweetOfID { references.append(.init(type: "retweeted", id: retweetOfID)) }
        if let inReplyToTweetID { references.append(.init(type: "replied_to", id: inReplyToTweetID)) }
        let postFields = query.dialect == .postFields
        let showsReferences = query.shows(postFields ? "referenced_posts" : "referenced_tweets") && !references.isEmpty
        return XTweet(
            id: id, text: Self.escapeHTML(text),
            createdAt: query.shows("created_at") ? ISO8601Timestamp.format(createdAt) : nil,
            authorID: query.shows("author_id") ? authorID : nil,
            inReplyToUserID: query.shows("in_reply_to_user_id") ? inReplyToUserID : nil,
            conversationID: query.shows("conversation_id") ? conversationID : nil,
            referencedTweets: showsReferences && !postFields ? references : nil,
            referencedPosts: showsReferences && postFields ? references : nil,
            editHistoryTweetIDs: postFields ? nil : [id], editHistoryPostIDs: postFields ? [id] : nil,
            attachments: showsMedia(query) ? XTweet.Attachments(mediaKeys: mediaKeys) : nil)
    }
}
