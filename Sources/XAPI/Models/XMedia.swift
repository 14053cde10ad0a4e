/// A media object of `includes.media` (the `attachments.media_keys` expansion), in either
/// dialect: documents 2.159 (`Photo`'s `url` and `alt_text`, `AnimatedGif`'s and `Video`'s
/// `variants`) and 2.167 (one `Media` schema with all of them).
public struct XMedia: Sendable, Equatable, Codable {
    /// One playback variant of a video or animated GIF (`MediaVariants`).
    public struct Variant: Sendable, Equatable, Codable {
        public var bitRate: Int?
        public var contentType: String?
        public var url: String?

        public init(bitRate: Int? = nil, contentType: String? = nil, url: String? = nil) {
            self.bitRate = bitRate
            self.contentType = contentType
            self.url = url
        }

        enum CodingKeys: String, CodingKey {
            case bitRate = "bit_rate"
            case contentType = "content_type"
            case url
        }
    }

    public var mediaKey: String?
    /// `photo`, `video` or `animated_gif`.
    public var type: String
    /// A photo's file (`https://pbs.twimg.com/media/…`); videos and GIFs have `variants` instead.
    public var url: String?
    public var altText: String?
    public var width: Int?
    public var height: Int?
    public var variants: [Variant]?

    public init(
        mediaKey: String?, type: String, url: String? = nil, altText: String? = nil, width: Int? = nil, height: Int? = nil,
        variants: [Variant]? = nil
    ) {
        self.mediaKey = mediaKey
        self.type = type
        self.url = url
        self.altText = altText
        self.width = width
        self.height = height
        self.variants = variants
    }

    enum CodingKeys: String, CodingKey {
        case mediaKey = "media_key"
        case type, url
        case altText = "alt_text"
        case width, height, variants
    }

    /// The media fields a request asks for (each in both documents' `media.fields` enum).
    public static let fields = ["alt_text", "height", "media_key", "type", "url", "variants", "width"]
}
