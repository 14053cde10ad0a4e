/// A notification; a `mention` carries the mentioning status.
public struct MastodonNotification: Sendable, Codable, Equatable {
    /// Notification ids are their own sequence, not status ids.
    public var id: String
    public var type: String
    public var createdAt: String
    public var account: MastodonAccount
    public var status: MastodonStatus?

    enum CodingKeys: String, CodingKey {
        case id, type, account, status
        case createdAt = "created_at"
    }

    public init(id: String, type: String, createdAt: String, account: MastodonAccount, status: MastodonStatus? = nil) {
        self.id = id
        self.type = type
        self.createdAt = createdAt
        self.account = account
        self.status = status
    }
}
