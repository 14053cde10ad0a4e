/// `POST /api/v1/statuses`: publishes a status, or a reply.
///
/// Its `Idempotency-Key` is derived from the request itself (purpose, text,
/// reply target, visibility), so a retry after a lost response returns the
/// status already created instead of posting it twice. Mastodon keeps keys
/// for an hour: the same text to the same target within that hour is one post.
public struct PostStatus: MastodonRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    public typealias Response = MastodonStatus

    public var status: String
    public var inReplyToID: String?
    /// `public`, `unlisted`, `private` or `direct`.
    public var visibility: String
    /// The content warning (`spoiler_text`); nil when none.
    public var spoilerText: String?
    /// Marked sensitive.
    public var sensitive: Bool
    /// Uploaded attachments (`media_ids[]`), in the order they are shown; at most 4.
    public var mediaIDs: [String]

    public init(
        status: String, inReplyToID: String? = nil, visibility: String = "unlisted", spoilerText: String? = nil, sensitive: Bool = false,
        mediaIDs: [String] = []
    ) {
        self.mediaIDs = mediaIDs
        self.spoilerText = spoilerText
        self.sensitive = sensitive
        self.status = status
        self.inReplyToID = inReplyToID
        self.visibility = visibility
    }

    public var method: String { "POST" }
    public var path: String { "/api/v1/statuses" }
    public var pathTemplate: String { path }

    public var form: [(name: String, value: String)]? {
        var fields: [(name: String, value: String)] = [("status", status), ("visibility", visibility)]
        if let inReplyToID { fields.append(("in_reply_to_id", inReplyToID)) }
        if let spoilerText, !spoilerText.isEmpty { fields.append(("spoiler_text", spoilerText)) }
        if sensitive { fields.append(("sensitive", "true")) }
        for id in mediaIDs { fields.append(("media_ids[]", id)) }
        return fields
    }

    public var idempotencyKey: String? {
        let purpose = inReplyToID == nil ? "post" : "reply"
        // A warning changes the post; none leaves the key as before it was carried.
        let warning = spoilerText.map { ["cw", $0, sensitive ? "sensitive" : ""] } ?? (sensitive ? ["sensitive"] : [])
        // The uploads are fresh each time; the text alone would make two picture posts one.
        let media = mediaIDs.isEmpty ? [] : ["media"] + mediaIDs
        return "mirror-bot-" + StableHash.hex([purpose, status, inReplyToID ?? "", visibility] + warning + media)
    }
}
