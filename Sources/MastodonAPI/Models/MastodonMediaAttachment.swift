/// A MediaAttachment as Mastodon serves it in a status's `media_attachments` and from
/// `POST /api/v2/media` / `GET /api/v1/media/:id` (docs.joinmastodon.org/entities/MediaAttachment):
/// `url` is null while the upload is still processing.
public struct MastodonMediaAttachment: Sendable, Codable, Equatable {
    /// `meta.original`: the full-size file's dimensions.
    public struct Size: Sendable, Codable, Equatable {
        public var width: Int?
        public var height: Int?

        public init(width: Int?, height: Int?) {
            self.width = width
            self.height = height
        }
    }

    public struct Meta: Sendable, Codable, Equatable {
        public var original: Size?

        public init(original: Size?) { self.original = original }
    }

    public var id: String
    /// `image`, `gifv`, `video`, `audio` or `unknown`.
    public var type: String
    /// The original file; nil while processing.
    public var url: String?
    /// The alt text; nil when none.
    public var description: String?
    public var meta: Meta?

    enum CodingKeys: String, CodingKey { case id, type, url, description, meta }

    public init(id: String, type: String, url: String?, description: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.id = id
        self.type = type
        self.url = url
        self.description = description
        self.meta = width == nil && height == nil ? nil : Meta(original: Size(width: width, height: height))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "unknown"
        url = try container.decodeIfPresent(String.self, forKey: .url)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        // A `meta` of another shape (audio's, a remote server's) must not lose the status.
        meta = try? container.decodeIfPresent(Meta.self, forKey: .meta)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(url, forKey: .url)
        try container.encode(description, forKey: .description)
        try container.encode(meta ?? Meta(original: nil), forKey: .meta)
    }
}
