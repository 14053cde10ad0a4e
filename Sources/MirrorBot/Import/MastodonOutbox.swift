import Foundation

/// `outbox.json` of a Mastodon account export: an ActivityPub
/// OrderedCollection of `Create` activities (notes) and `Announce` (boosts).
struct MastodonOutbox: Decodable {
    var actor: String?
    var orderedItems: [MastodonOutboxActivity]

    enum CodingKeys: String, CodingKey { case orderedItems, id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        orderedItems = try container.decodeIfPresent([MastodonOutboxActivity].self, forKey: .orderedItems) ?? []
        // "https://host/users/alice/outbox" -> "https://host/users/alice"
        actor = try container.decodeIfPresent(String.self, forKey: .id).map { id in
            id.hasSuffix("/outbox") ? String(id.dropLast("/outbox".count)) : id
        }
    }
}

/// One activity. `object` is a note for `Create`, a URL for `Announce`.
struct MastodonOutboxActivity: Decodable {
    var type: String
    var actor: String?
    var note: MastodonOutboxNote?

    enum CodingKeys: String, CodingKey { case type, actor, object }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? ""
        actor = try container.decodeIfPresent(String.self, forKey: .actor)
        note = try? container.decodeIfPresent(MastodonOutboxNote.self, forKey: .object)
    }
}

/// A `Note` (or `Question`): the status as the human wrote it, in HTML.
struct MastodonOutboxNote: Decodable {
    struct Tag: Decodable {
        var type: String?
        var href: String?
        var name: String?
    }

    var id: String
    var published: String?
    var content: String?
    var inReplyTo: String?
    var to: [String]
    var cc: [String]
    var tag: [Tag]

    enum CodingKeys: String, CodingKey { case id, published, content, inReplyTo, to, cc, tag }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        published = try container.decodeIfPresent(String.self, forKey: .published)
        content = try container.decodeIfPresent(String.self, forKey: .content)
        inReplyTo = try container.decodeIfPresent(String.self, forKey: .inReplyTo)
        to = Self.strings(container, .to)
        cc = Self.strings(container, .cc)
        tag = (try? container.decodeIfPresent([Tag].self, forKey: .tag)) ?? []
    }

    /// `to`/`cc` may be one string or a list.
    private static func strings(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> [String] {
        if let list = try? container.decodeIfPresent([String].self, forKey: key) { return list }
        return (try? container.decodeIfPresent(String.self, forKey: key)).flatMap { $0.map { [$0] } } ?? []
    }

    /// Addressed to the public collection: public or unlisted, never followers-only or direct.
    var isPublic: Bool {
        (to + cc).contains { ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"].contains($0) }
    }
}
