import Foundation
import MirrorBot

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
