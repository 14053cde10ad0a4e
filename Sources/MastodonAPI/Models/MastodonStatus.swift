import Foundation

/// A status (post) as Mastodon returns it. `content` is sanitized HTML; see `MastodonHTML`.
public struct MastodonStatus: Sendable, Codable, Equatable {
    /// The boosted status inside a boost, with the fields mirror-bot reads.
    public struct Reblogged: Sendable, Codable, Equatable {
        public var id: String
        public var content: String
        public var account: MastodonAccount

        public init(id: String, content: String, account: MastodonAccount) {
            self.id = id
            self.content = content
            self.account = account
        }
    }

    public var id: String
    /// `2019-12-08T03:48:33.901Z`, kept as sent; see `createdDate`.
    public var createdAt: String
    public var content: String
    public var account: MastodonAccount
    public var inReplyToID: String?
    public var inReplyToAccountID: String?
    public var visibility: String?
    public var mentions: [MastodonMention]
    public var reblog: Reblogged?
    /// The content warning; empty when none.
    public var spoilerText: String
    /// Marked sensitive (always so when `spoilerText` is set); false when absent.
    public var sensitive: Bool
    /// Its pictures, videos and audio in order (`media_attachments`); empty when none.
    public var mediaAttachments: [MastodonMediaAttachment]
    public var url: String?

    enum CodingKeys: String, CodingKey {
        case id, content, account, visibility, mentions, reblog, url, sensitive
        case spoilerText = "spoiler_text"
        case mediaAttachments = "media_attachments"
        case createdAt = "created_at"
        case inReplyToID = "in_reply_to_id"
        case inReplyToAccountID = "in_reply_to_account_id"
    }

    public init(
        id: String, createdAt: String, content: String, account: MastodonAccount, inReplyToID: String? = nil,
        inReplyToAccountID: String? = nil, visibility: String? = "public", mentions: [MastodonMention] = [],
        reblog: Reblogged? = nil, url: String? = nil, spoilerText: String = "", sensitive: Bool? = nil, mediaAttachments: [MastodonMediaAttachment] = []
    ) {
        self.mediaAttachments = mediaAttachments
        self.spoilerText = spoilerText
        self.sensitive = sensitive ?? !spoilerText.isEmpty
        self.id = id
        self.createdAt = createdAt
        self.content = content
        self.account = account
        self.inReplyToID = inReplyToID
        self.inReplyToAccountID = inReplyToAccountID
        self.visibility = visibility
        self.mentions = mentions
        self.reblog = reblog
        self.url = url
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        content = try container.decodeIfPresent(String.self, forKey: .content) ?? ""
        account = try container.decode(MastodonAccount.self, forKey: .account)
        inReplyToID = try container.decodeIfPresent(String.self, forKey: .inReplyToID)
        inReplyToAccountID = try container.decodeIfPresent(String.self, forKey: .inReplyToAccountID)
        visibility = try container.decodeIfPresent(String.self, forKey: .visibility)
        mentions = try container.decodeIfPresent([MastodonMention].self, forKey: .mentions) ?? []
        reblog = try container.decodeIfPresent(Reblogged.self, forKey: .reblog)
        spoilerText = try container.decodeIfPresent(String.self, forKey: .spoilerText) ?? ""
        sensitive = try container.decodeIfPresent(Bool.self, forKey: .sensitive) ?? false
        mediaAttachments = try container.decodeIfPresent([MastodonMediaAttachment].self, forKey: .mediaAttachments) ?? []
        url = try container.decodeIfPresent(String.self, forKey: .url)
    }

    /// True for a boost.
    public var isReblog: Bool { reblog != nil }

    /// `createdAt` parsed, or nil when malformed.
    public var createdDate: Date? { MastodonDate.parse(createdAt) }

    /// The plain text the author wrote.
    public var plainText: String { MastodonHTML.plainText(content) }

    /// The replied-to account's username, when the mentions name it.
    public var inReplyToUsername: String? {
        guard let target = inReplyToAccountID else { return nil }
        if target == account.id { return account.acct }
        return mentions.first { $0.id == target }?.acct
    }
}
