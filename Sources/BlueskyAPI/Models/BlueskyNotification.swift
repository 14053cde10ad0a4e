/// `app.bsky.notification.listNotifications#notification`: for a mention, reply or
/// quote, `uri`/`cid`/`record` are the post that did it.
public struct BlueskyNotification: Sendable, Codable, Equatable {
    public var uri: String
    public var cid: String
    public var author: BlueskyProfile
    /// `mention`, `reply`, `quote`, `like`, `repost`, `follow`, …
    public var reason: String
    /// The post record, when the notification is about a post (nil otherwise).
    public var record: BlueskyPostRecord?
    public var indexedAt: String

    public init(uri: String, cid: String, author: BlueskyProfile, reason: String, record: BlueskyPostRecord?, indexedAt: String) {
        self.uri = uri
        self.cid = cid
        self.author = author
        self.reason = reason
        self.record = record
        self.indexedAt = indexedAt
    }

    enum CodingKeys: String, CodingKey { case uri, cid, author, reason, record, indexedAt }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = try container.decode(String.self, forKey: .uri)
        cid = try container.decode(String.self, forKey: .cid)
        author = try container.decode(BlueskyProfile.self, forKey: .author)
        reason = try container.decode(String.self, forKey: .reason)
        record = try? container.decode(BlueskyPostRecord.self, forKey: .record)
        indexedAt = try container.decode(String.self, forKey: .indexedAt)
    }
}
