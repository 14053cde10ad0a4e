/// The two vocabularies X API v2 answers in (2026), as its own OpenAPI documents name them.
///
/// - `tweetFields`: document 2.159 and before: `tweet.fields`, `referenced_tweets` and
///   `author_id`/`in_reply_to_user_id` as fields, `edit_history_tweet_ids`.
/// - `postFields`: production document 2.167: `post.fields`; `author_id`,
///   `in_reply_to_user_id` and `referenced_posts` are expansions; `edit_history_post_ids`.
///
/// Which one an account's server speaks cannot be known in advance: `XClient` starts
/// with one and switches when the server refuses it (`XParameterRefusal`).
public enum XFieldDialect: String, Sendable, CaseIterable, Codable {
    case tweetFields = "tweet.fields"
    case postFields = "post.fields"

    /// The other dialect.
    public var other: XFieldDialect { self == .tweetFields ? .postFields : .tweetFields }

    /// The OpenAPI document that describes it.
    public var documentVersion: String { self == .tweetFields ? "2.159" : "2.167" }

    /// The name of a post's edit history in this dialect (always returned by X).
    public var editHistoryField: String { self == .tweetFields ? "edit_history_tweet_ids" : "edit_history_post_ids" }

    /// The name of the post field parameter (`tweet.fields` or `post.fields`).
    public var fieldsParameter: String { rawValue }

    /// The post fields a post-returning request asks for.
    public var postFields: [String] {
        switch self {
        case .tweetFields: ["created_at", "author_id", "in_reply_to_user_id", "referenced_tweets", "conversation_id"]
        case .postFields: ["created_at", "conversation_id"]
        }
    }

    /// The expansions a post-returning request asks for.
    public var expansions: [String] {
        switch self {
        case .tweetFields: ["author_id", "in_reply_to_user_id"]
        case .postFields: ["author_id", "in_reply_to_user_id", "referenced_posts"]
        }
    }

    /// The query of a post-returning request, after its own parameters.
    public var query: [(name: String, value: String)] { query(media: false) }

    /// The query, asking with `media` for each post's media too: the `attachments` field, the
    /// `attachments.media_keys` expansion and `media.fields` (the same names in both documents).
    public func query(media: Bool) -> [(name: String, value: String)] {
        let fields = postFields + (media ? ["attachments"] : [])
        let expanded = expansions + (media ? ["attachments.media_keys"] : [])
        return [(fieldsParameter, fields.joined(separator: ",")), ("expansions", expanded.joined(separator: ","))]
            + (media ? [("media.fields", XMedia.fields.joined(separator: ","))] : []) + [("user.fields", XFields.userFields)]
    }

    /// Words only this dialect uses in a request: a server refusing one of them speaks the other.
    var ownVocabulary: Set<String> {
        switch self {
        case .tweetFields: ["tweet.fields", "referenced_tweets", "referenced_tweets.id", "edit_history_tweet_ids"]
        case .postFields: ["post.fields", "referenced_posts", "edit_history_post_ids"]
        }
    }

    /// Whether `refusals` (a 400's refused parameters) refuse this dialect itself: its field
    /// parameter, or one of its own values of `expansions` or of the field parameter.
    public func isRefused(by refusals: [XParameterRefusal]) -> Bool {
        refusals.contains { refusal in
            if refusal.parameter == fieldsParameter { return true }
            guard refusal.parameter == "expansions" || refusal.parameter == fieldsParameter else { return false }
            return refusal.values.contains { ownVocabulary.contains($0) }
        }
    }
}

/// The fields every request asks for about users.
public enum XFields {
    public static let userFields = "username"
}
