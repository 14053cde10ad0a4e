import Foundation

/// A media object in the fake world: a picture of a post of the human's, served at its `path`,
/// or one uploaded with `POST /2/media/upload` and attached by `POST /2/tweets`.
public struct FakeXMedia: Sendable, Equatable {
    /// The numeric media id (`MediaId`: `^[0-9]{1,19}$`) and the key posts name it by (`3_<id>`).
    public var id: String
    public var key: String
    public var ownerID: String
    /// `photo`, `animated_gif` or `video`.
    public var type: String
    /// The upload's `media_category` (`tweet_image`, …); the human's pictures are `tweet_image`.
    public var category: String
    public var contentType: String
    public var data: Data
    public var altText: String?
    /// Marked with a `sensitive_media_warning` (`/2/media/metadata`).
    public var sensitive: Bool = false
    public var width: Int?
    public var height: Int?
    /// Where the file is served (`/media/<key>.<ext>`, as `pbs.twimg.com/media/…`).
    public var path: String
}

/// A picture the test gives a post of the human's: its bytes, type and alt text.
public struct FakeXPicture: Sendable {
    public var data: Data
    public var contentType: String
    public var altText: String?
    public var width: Int?
    public var height: Int?

    public init(data: Data, contentType: String = "image/png", altText: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.data = data
        self.contentType = contentType
        self.altText = altText
        self.width = width
        self.height = height
    }
}
