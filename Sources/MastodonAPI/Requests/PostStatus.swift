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

/// A stable 128-bit FNV-1a hash of strings (same input, same key, in every process).
enum StableHash {
    static func hex(_ parts: [String]) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for part in parts {
            // Length-prefix each part so ("ab","c") and ("a","bc") differ.
            for byte in Array(String(part.utf8.count).utf8) + [0x1F] + Array(part.utf8) {
                first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 ^ (second >> 29)
            }
        }
        return String(first, radix: 16).leftPadded(16) + String(second, radix: 16).leftPadded(16)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
