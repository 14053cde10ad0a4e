/// `POST /api/v1/statuses`: publishes a status, or a reply.
///
/// Its `Idempotency-Key` is derived from the request itself (purpose, text,
/// reply target, visibility), so a retry after a lost response returns the
/// status already created instead of posting it twice. Mastodon keeps keys
/// for an hour: the same text to the same target within that hour is one post.
public struct PostStatus: MastodonRequest {
    public typealias Response = MastodonStatus

    public var status: String
    public var inReplyToID: String?
    /// `public`, `unlisted`, `private` or `direct`.
    public var visibility: String

    public init(status: String, inReplyToID: String? = nil, visibility: String = "unlisted") {
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
        return fields
    }

    public var idempotencyKey: String? {
        let purpose = inReplyToID == nil ? "post" : "reply"
        return "mirror-bot-" + StableHash.hex([purpose, status, inReplyToID ?? "", visibility])
    }
}
