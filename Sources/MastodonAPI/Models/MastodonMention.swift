/// One entry of a status's `mentions`.
public struct MastodonMention: Sendable, Codable, Equatable {
    public var id: String
    public var username: String
    public var acct: String
    public var url: String?

    public init(id: String, username: String, acct: String? = nil, url: String? = nil) {
        self.id = id
        self.username = username
        self.acct = acct ?? username
        self.url = url
    }
}
