import Foundation
import MirrorBot

/// A `Note` (or a poll, `Question`, whose `content` is its question): the status
/// as the human wrote it, in HTML. Fields it does not use (`@context`,
/// `interactionPolicy`, `likes`, `shares`, `context`, the poll's options, …) are
/// not read, so new ones never fail an import.
struct MastodonOutboxNote: Decodable {
    struct Tag: Decodable {
        var type: String?
        var href: String?
        var name: String?
    }

    var id: String
    var type: String?
    var published: String?
    /// The HTML; `contentMap`'s when only that is given; "" for media alone (attachments, no text).
    var content: String?
    var hasAttachments: Bool
    /// The attachments in order, as the outbox lists them (`attachment[]`).
    var attachments: [Attachment]
    /// The content warning, if any.
    var summary: String?
    /// Marked sensitive (`sensitive`, Mastodon's extension); false when absent.
    var sensitive: Bool
    var inReplyTo: String?
    var to: [String]
    var cc: [String]
    var tag: [Tag]

    enum CodingKeys: String, CodingKey { case id, type, published, content, contentMap, attachment, summary, sensitive, inReplyTo, to, cc, tag }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try? container.decodeIfPresent(String.self, forKey: .type)
        published = try container.decodeIfPresent(String.self, forKey: .published)
        if let list = try? container.decodeIfPresent([Attachment].self, forKey: .attachment) {
            attachments = list
        } else if let one = try? container.decodeIfPresent(Attachment.self, forKey: .attachment) {
            // One attachment given alone, as ActivityStreams allows.
            attachments = [one]
        } else {
            attachments = []
        }
        hasAttachments = !attachments.isEmpty || (try? container.decodeNil(forKey: .attachment)) == false
        let map = (try? container.decodeIfPresent([String: String].self, forKey: .contentMap)) ?? nil
        content = try container.decodeIfPresent(String.self, forKey: .content)
            ?? map.flatMap { map in map.keys.sorted().first.flatMap { map[$0] } }
            ?? (hasAttachments ? "" : nil)
        // A warning that cannot be read must not be dropped: the item is refused instead.
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        sensitive = try container.decodeIfPresent(Bool.self, forKey: .sensitive) ?? false
        inReplyTo = try container.decodeIfPresent(String.self, forKey: .inReplyTo)
        to = Self.strings(container, .to)
        cc = Self.strings(container, .cc)
        tag = (try? container.decodeIfPresent([Tag].self, forKey: .tag)) ?? []
    }

    /// An attachment (`Document`, `Image`, `Video`, `Audio`): its type, where the export keeps
    /// it (`url`, a path like `/media_attachments/files/…/original/….png`), its alt text
    /// (`name`) and size. A field it cannot read is left empty, never the note: an attachment
    /// given as a bare URL string has that URL only.
    struct Attachment: Decodable {
        var mediaType: String?
        var url: String?
        var name: String?
        var width: Int?
        var height: Int?

        enum CodingKeys: String, CodingKey { case mediaType, url, name, width, height }

        init(from decoder: any Decoder) throws {
            if let bare = try? decoder.singleValueContainer().decode(String.self) {
                url = bare
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mediaType = try? container.decodeIfPresent(String.self, forKey: .mediaType)
            url = try? container.decodeIfPresent(String.self, forKey: .url)
            name = try? container.decodeIfPresent(String.self, forKey: .name)
            width = try? container.decodeIfPresent(Int.self, forKey: .width)
            height = try? container.decodeIfPresent(Int.self, forKey: .height)
        }

        /// The kind: pictures are photos (a GIF too: Mastodon exports its GIFs as the videos it made of them).
        var kind: PostMedia.Kind {
            let type = (mediaType ?? "").lowercased()
            if type.hasPrefix("image/") { return .photo }
            if type.hasPrefix("video/") { return .video }
            return .other
        }
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

    /// Behind a content warning (`summary`).
    var isWarned: Bool { !(summary ?? "").isEmpty }

    /// The warning and sensitivity a repost carries (issue 40); nil when neither is set.
    var warning: PostWarning? {
        PostWarning.from(text: isWarned ? summary : nil, labels: sensitive ? [.sensitive] : [])
    }
}
