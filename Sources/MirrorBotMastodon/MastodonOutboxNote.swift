import Foundation
import MirrorBot

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
    /// The content warning, if any.
    var summary: String?
    var inReplyTo: String?
    var to: [String]
    var cc: [String]
    var tag: [Tag]

    enum CodingKeys: String, CodingKey { case id, published, content, summary, inReplyTo, to, cc, tag }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        published = try container.decodeIfPresent(String.self, forKey: .published)
        content = try container.decodeIfPresent(String.self, forKey: .content)
        // A warning that cannot be read must not be dropped: the item is refused instead.
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
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

    /// Addressed to the public collection (public or unlisted, never followers-only
    /// or direct) and not behind a content warning: safe to repost.
    var isRepostable: Bool {
        (to + cc).contains { ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"].contains($0) }
            && (summary ?? "").isEmpty
    }
}
