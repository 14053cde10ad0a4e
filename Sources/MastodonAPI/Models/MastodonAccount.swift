/// An account as Mastodon returns it (the fields mirror-bot reads).
public struct MastodonAccount: Sendable, Codable, Equatable {
    /// Opaque string id (numeric on Mastodon itself).
    public var id: String
    /// The local part, `alice`.
    public var username: String
    /// `alice` for local accounts, `alice@example.social` for remote ones.
    public var acct: String
    public var displayName: String?
    public var url: String?
    /// The account says it is automated ("This is a bot account"); nil when the server does not say.
    public var bot: Bool?
    /// The profile's bio as HTML (`MastodonHTML.plainText` reads it); "" when empty or suspended.
    public var note: String?

    enum CodingKeys: String, CodingKey {
        case id, username, acct, url, bot, note
        case displayName = "display_name"
    }

    public init(
        id: String, username: String, acct: String? = nil, displayName: String? = nil, url: String? = nil, bot: Bool? = nil,
        note: String? = nil
    ) {
        self.id = id
        self.username = username
        self.acct = acct ?? username
        self.displayName = displayName
        self.url = url
        self.bot = bot
        self.note = note
    }
}
