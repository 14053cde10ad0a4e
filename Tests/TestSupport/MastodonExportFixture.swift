import Foundation

/// Writes a Mastodon account export (`outbox.json`, `likes.json`) in the
/// shapes Mastodon's BackupService produces, to a fresh temporary folder.
public struct MastodonExportFixture: Sendable {
    public static let host = "https://example.social"
    public static let actor = host + "/users/alice"
    static let publicCollection = "https://www.w3.org/ns/activitystreams#Public"

    /// One outbox entry.
    public enum Item: Sendable {
        case note(id: String, published: String, html: String, visibility: Visibility = .public,
                  inReplyTo: String? = nil, mentions: [(href: String, name: String)] = [], contentWarning: String? = nil,
                  attachments: [Attachment] = [])
        case boost(id: String, published: String, of: String)
        /// An item written exactly as this JSON text (malformed exports).
        case raw(String)
    }

    public enum Visibility: Sendable { case `public`, unlisted, followers, direct }

    /// A note's attachment as BackupService writes it: `url` is the file's path in the export.
    public struct Attachment: Sendable {
        public var url: String
        public var mediaType: String
        public var name: String?
        public var width: Int
        public var height: Int

        public init(url: String, mediaType: String, name: String? = nil, width: Int = 640, height: Int = 480) {
            self.url = url
            self.mediaType = mediaType
            self.name = name
            self.width = width
            self.height = height
        }
    }

    public var items: [Item]
    public var likes: [String]

    public init(items: [Item], likes: [String] = []) {
        self.items = items
        self.likes = likes
    }

    /// The folder holding `outbox.json` and, when there are likes, `likes.json`.
    public func write() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("mastodon-export"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outbox: [String: Any] = [
            "@context": "https://www.w3.org/ns/activitystreams", "id": "outbox.json", "type": "OrderedCollection",
            "totalItems": items.count, "orderedItems": items.map(Self.activity),
        ]
        try JSONSerialization.data(withJSONObject: outbox, options: [.prettyPrinted, .withoutEscapingSlashes])
            .write(to: folder.appendingPathComponent("outbox.json"))
        if !likes.isEmpty {
            let collection: [String: Any] = [
                "@context": "https://www.w3.org/ns/activitystreams", "id": "likes.json", "type": "OrderedCollection",
                "orderedItems": likes,
            ]
            try JSONSerialization.data(withJSONObject: collection, options: [.withoutEscapingSlashes])
                .write(to: folder.appendingPathComponent("likes.json"))
        }
        return folder
    }

    static func activity(_ item: Item) -> Any {
        switch item {
        case .raw(let json):
            return (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])) ?? NSNull()
        case .boost(let id, let published, let target):
            return [
                "id": "\(actor)/statuses/\(id)/activity", "type": "Announce", "actor": actor, "published": published,
                "to": [publicCollection], "cc": ["\(actor)/followers"], "object": target,
            ]
        case .note(let id, let published, let html, let visibility, let inReplyTo, let mentions, let contentWarning, let attachments):
            let (to, cc) = addressing(visibility, mentions: mentions.map(\.href))
            let note: [String: Any] = [
                "id": "\(actor)/statuses/\(id)", "type": "Note", "summary": contentWarning ?? NSNull(),
                "inReplyTo": inReplyTo ?? NSNull(), "published": published, "url": "\(host)/@alice/\(id)",
                "attributedTo": actor, "to": to, "cc": cc, "sensitive": false,
                "atomUri": "\(actor)/statuses/\(id)", "inReplyToAtomUri": inReplyTo ?? NSNull(),
                "conversation": "tag:example.social,2023:objectId=\(id):objectType=Conversation",
                "content": html, "contentMap": ["ja": html],
                "attachment": attachments.map {
                    ["type": "Document", "mediaType": $0.mediaType, "url": $0.url, "name": $0.name ?? NSNull(), "width": $0.width, "height": $0.height] as [String: Any]
                },
                "tag": mentions.map { ["type": "Mention", "href": $0.href, "name": $0.name] },
            ]
            return [
                "id": "\(actor)/statuses/\(id)/activity", "type": "Create", "actor": actor, "published": published,
                "to": to, "cc": cc, "object": note,
            ]
        }
    }

    static func addressing(_ visibility: Visibility, mentions: [String]) -> ([String], [String]) {
        switch visibility {
        case .public: ([publicCollection], ["\(actor)/followers"] + mentions)
        case .unlisted: (["\(actor)/followers"], [publicCollection] + mentions)
        case .followers: (["\(actor)/followers"], mentions)
        case .direct: (mentions, [])
        }
    }
}
