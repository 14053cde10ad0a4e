/// One picture (or video) attached to a post of the human's, as stored with it
/// (`posts.media`, migration 026) so a repost can carry it: the same kind, alt text and
/// size, from where its bytes can be had. Network-neutral: each network's reader fills it.
public struct PostMedia: Sendable, Equatable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case photo, video
        /// A looping silent video (Mastodon's and X's animated GIFs).
        case gifv
        /// Audio or anything the network could not name.
        case other
    }

    public var kind: Kind
    /// Where the bytes can be had: the network's URL of the original file (or, from an
    /// export, the file's path in it).
    public var url: String
    /// The alt text the human wrote; nil when none.
    public var altText: String?
    public var width: Int?
    public var height: Int?
    /// Marked sensitive on its own (Misskey, Bluesky per picture; Mastodon per post, copied here).
    public var sensitive: Bool

    public init(kind: Kind, url: String, altText: String? = nil, width: Int? = nil, height: Int? = nil, sensitive: Bool = false) {
        self.kind = kind
        self.url = url
        self.altText = altText.flatMap { $0.isEmpty ? nil : $0 }
        self.width = width
        self.height = height
        self.sensitive = sensitive
    }

    /// Whether `url` names somewhere the bytes can be fetched from (`http`, `https`, or an
    /// imported export's `file`); not so for a file the export lacked, whose post is then never
    /// picked to go out whole.
    public var isFetchable: Bool {
        ["http://", "https://", "file://"].contains { url.lowercased().hasPrefix($0) }
    }

    /// Short keys: a post's media are stored as a compact JSON array.
    enum CodingKeys: String, CodingKey {
        case kind = "k", url = "u", altText = "a", width = "w", height = "h", sensitive = "s"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A kind this version does not know is `other`, not a failure to read the post.
        kind = Kind(rawValue: try container.decode(String.self, forKey: .kind)) ?? .other
        url = try container.decode(String.self, forKey: .url)
        altText = try container.decodeIfPresent(String.self, forKey: .altText)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        sensitive = try container.decodeIfPresent(Bool.self, forKey: .sensitive) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(altText, forKey: .altText)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
        if sensitive { try container.encode(true, forKey: .sensitive) }
    }
}
