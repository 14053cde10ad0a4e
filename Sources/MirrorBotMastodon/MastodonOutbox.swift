import Foundation
import MirrorBot

/// `outbox.json` of a Mastodon account export: an ActivityPub
/// OrderedCollection of `Create` activities (notes) and `Announce` (boosts).
///
/// Each item is decoded on its own, so a malformed one is named by its place
/// (`orderedItems[3]`) instead of failing the whole collection anonymously.
/// `totalItems` is never read: real exports disagree with their own item count.
struct MastodonOutbox: Decodable {
    var actor: String?
    /// nil when the file has no `orderedItems` at all: not an export's outbox.
    var orderedItems: [Item]?
    /// A live outbox's first page (`"first": "…?page=true"`), which an export never has.
    var isPaged: Bool

    /// One entry of `orderedItems`: the activity, or why it could not be read.
    struct Item: Decodable {
        var activity: Result<MastodonOutboxActivity, DecodingError>

        init(from decoder: any Decoder) throws {
            do {
                activity = .success(try MastodonOutboxActivity(from: decoder))
            } catch let error as DecodingError {
                activity = .failure(error)
            }
        }
    }

    enum CodingKeys: String, CodingKey { case orderedItems, id, first }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        orderedItems = try container.decodeIfPresent([Item].self, forKey: .orderedItems)
        isPaged = container.contains(.first)
        // "https://host/users/alice/outbox" -> "https://host/users/alice"
        actor = try? container.decodeIfPresent(String.self, forKey: .id).map { id in
            id.hasSuffix("/outbox") ? String(id.dropLast("/outbox".count)) : id
        }
    }
}
