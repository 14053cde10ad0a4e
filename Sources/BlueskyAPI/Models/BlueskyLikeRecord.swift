/// An `app.bsky.feed.like` record.
public struct BlueskyLikeRecord: Sendable, Codable, Equatable {
    public static let type = "app.bsky.feed.like"

    public var subject: BlueskyStrongRef
    public var createdAt: String

    public init(subject: BlueskyStrongRef, createdAt: String) {
        self.subject = subject
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case subject, createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subject = try container.decode(BlueskyStrongRef.self, forKey: .subject)
        createdAt = (try? container.decode(String.self, forKey: .createdAt)) ?? ""
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.type, forKey: .type)
        try container.encode(subject, forKey: .subject)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
