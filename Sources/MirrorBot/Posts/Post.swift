import Foundation

/// One of the human's own posts, as stored.
public struct Post: Sendable, Equatable, Codable {
    public var id: String
    public var text: String
    public var createdAt: Date
    /// Set when the post is a reply: whom it answers.
    public var inReplyToUserID: String?
    public var inReplyToScreenName: String?
    /// The network's markup of `text`, kept so a repost carries it unchanged: on
    /// Bluesky the record's facets as JSON (byte ranges into `text`); nil elsewhere.
    public var facets: String?
    /// The language `text` is written in: `.mfm` for Misskey's notes (from its API or a notes
    /// export), sent back to Misskey as they are; nil for plain text (X, Mastodon, Bluesky,
    /// JSONL), whose MFM look-alikes Misskey's adapter keeps literal.
    public var markup: PostMarkup?
    /// Set when the post is a reply and the network or archive named the post it answers:
    /// that post's id (on Mastodon, its URI when it lives on another server). Its time is
    /// in the id (`PostIDClock`), so the human's reply delays need no request.
    public var inReplyToPostID: String?
    /// The content warning and sensitivity the human put on it; nil when none.
    public var warning: PostWarning?
    /// Its pictures and videos in order (migration 026); empty when none.
    public var media: [PostMedia]

    public init(
        id: String, text: String, createdAt: Date, inReplyToUserID: String? = nil, inReplyToScreenName: String? = nil, facets: String? = nil,
        markup: PostMarkup? = nil, inReplyToPostID: String? = nil, warning: PostWarning? = nil, media: [PostMedia] = []
    ) {
        self.media = media
        self.inReplyToPostID = inReplyToPostID
        self.warning = warning
        self.id = id
        self.text = text
        self.createdAt = createdAt
        self.inReplyToUserID = inReplyToUserID
        self.inReplyToScreenName = inReplyToScreenName
        self.facets = facets
        self.markup = markup
    }

    public init(_ post: NetworkPost) {
        self.init(
            id: post.id, text: post.text, createdAt: post.createdAt,
            inReplyToUserID: post.inReplyToUserID, inReplyToScreenName: post.inReplyToUsername, facets: post.facets,
            markup: post.markup, inReplyToPostID: post.inReplyToPostID, warning: post.warning, media: post.media
        )
    }

    public var isReply: Bool { inReplyToUserID != nil }

    /// True when the text mentions an account (`@name` or full-width `＠name`),
    /// not counting e-mail addresses.
    public var hasMention: Bool { Self.containsMention(text) }

    static func containsMention(_ text: String) -> Bool {
        var previous: Character?
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if character == "@" || character == "＠" {
                let isWordBefore = previous.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } ?? false
                var lookahead = iterator
                if !isWordBefore, let next = lookahead.next(), next.isASCII, next.isLetter || next.isNumber || next == "_" {
                    return true
                }
            }
            previous = character
        }
        return false
    }
}
