/// `app.bsky.embed.defs#aspectRatio`: width and height, each at least 1 (approximate, no unit).
public struct BlueskyAspectRatio: Sendable, Codable, Equatable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// One picture of `app.bsky.embed.images`: the blob, its alt text (required, may be ""),
/// its aspect ratio when the app knew it.
public struct BlueskyImage: Sendable, Codable, Equatable, Hashable {
    public var image: BlueskyBlob
    public var alt: String
    public var aspectRatio: BlueskyAspectRatio?

    public init(image: BlueskyBlob, alt: String, aspectRatio: BlueskyAspectRatio? = nil) {
        self.image = image
        self.alt = alt
        self.aspectRatio = aspectRatio
    }

    enum CodingKeys: String, CodingKey { case image, alt, aspectRatio }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        image = try container.decode(BlueskyBlob.self, forKey: .image)
        alt = (try? container.decode(String.self, forKey: .alt)) ?? ""
        aspectRatio = try? container.decode(BlueskyAspectRatio.self, forKey: .aspectRatio)
    }
}

/// A post record's `embed`, as far as mirror-bot reads it: the pictures of `app.bsky.embed.images`
/// (also as the media of `app.bsky.embed.recordWithMedia`) and the video of `app.bsky.embed.video`.
/// Other embeds (a link card, a quoted post alone) have no media and are read as empty; only
/// `images` is ever written.
public struct BlueskyEmbed: Sendable, Codable, Equatable {
    public static let imagesType = "app.bsky.embed.images"
    public static let videoType = "app.bsky.embed.video"
    public static let recordWithMediaType = "app.bsky.embed.recordWithMedia"
    /// `app.bsky.embed.images`: `images` maxLength 4.
    public static let maxImages = 4

    public var images: [BlueskyImage]
    /// The video's blob, alt text and aspect ratio (never carried).
    public var video: BlueskyImage?
    /// The positions, among the record's images, of those that would not decode (the whole
    /// list's first when `images` itself would not): kept so a reader never takes a post for
    /// fewer pictures than it has. Never written.
    public var unreadable: [Int] = []

    public init(images: [BlueskyImage]) {
        self.images = images
        self.video = nil
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case images, video, alt, aspectRatio, media
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        images = []
        video = nil
        switch try container.decodeIfPresent(String.self, forKey: .type) {
        case Self.imagesType:
            if let read = try? container.decode([Lossy].self, forKey: .images) {
                images = read.compactMap(\.image)
                unreadable = read.indices.filter { read[$0].image == nil }
            } else {
                unreadable = [0]
            }
        case Self.videoType:
            if let blob = try? container.decode(BlueskyBlob.self, forKey: .video) {
                video = BlueskyImage(
                    image: blob, alt: (try? container.decode(String.self, forKey: .alt)) ?? "",
                    aspectRatio: try? container.decode(BlueskyAspectRatio.self, forKey: .aspectRatio))
            }
        case Self.recordWithMediaType:
            if let media = try? container.decode(BlueskyEmbed.self, forKey: .media) {
                images = media.images
                video = media.video
                unreadable = media.unreadable
            }
        default:
            break
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.imagesType, forKey: .type)
        try container.encode(images, forKey: .images)
    }

    /// An image, or nil when it would not decode (one odd picture does not hide the others).
    struct Lossy: Decodable {
        var image: BlueskyImage?
        init(from decoder: any Decoder) throws { image = try? BlueskyImage(from: decoder) }
    }
}
