import Foundation
import MirrorBot

/// One activity. `object` is a note for `Create`, a URL for `Announce`.
struct MastodonOutboxActivity: Decodable {
    /// What `object` held.
    enum Object {
        case none
        /// A URL or another non-note value (what `Announce` carries).
        case reference
        case note(MastodonOutboxNote)
        /// An object that is not a readable note, and why.
        case malformed(DecodingError)
    }

    var type: String
    var actor: String?
    var object: Object

    /// The note of a `Create`, when it is one.
    var note: MastodonOutboxNote? {
        if case .note(let note) = object { return note }
        return nil
    }

    enum CodingKeys: String, CodingKey { case type, actor, object }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        actor = try container.decodeIfPresent(String.self, forKey: .actor)
        let absent = try !container.contains(.object) || container.decodeNil(forKey: .object)
        if absent {
            object = .none
        } else if (try? container.decode(String.self, forKey: .object)) != nil {
            object = .reference
        } else {
            do {
                object = .note(try container.decode(MastodonOutboxNote.self, forKey: .object))
            } catch let error as DecodingError {
                object = .malformed(error)
            }
        }
    }
}
