import Foundation
import MirrorBot

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
