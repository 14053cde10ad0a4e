import Foundation

/// A media attachment in the fake world: a picture of the human's statuses, served at its
/// `path`, or one uploaded with `POST /api/v2/media` and attached by `POST /api/v1/statuses`.
public struct FakeMastodonMedia: Sendable, Equatable {
    public var id: String
    public var accountID: String
    /// `image`, `gifv`, `video` or `audio`, as Mastodon names it from the file's type.
    public var type: String
    public var contentType: String
    public var data: Data
    /// The alt text; nil when none.
    public var description: String?
    public var width: Int?
    public var height: Int?
    /// Where the file is served (`/system/media_attachments/files/…`).
    public var path: String
    /// The status it is attached to; nil until then.
    public var statusID: String?
    /// `GET /api/v1/media/:id` answers still left before processing ends (0: done).
    var pollsLeft = 0

    var isProcessed: Bool { pollsLeft == 0 }
}

/// A picture the test gives a status of the human's: its bytes, type and alt text.
public struct FakeMastodonPicture: Sendable {
    public var data: Data
    public var contentType: String
    public var description: String?
    public var width: Int?
    public var height: Int?

    public init(data: Data, contentType: String = "image/png", description: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.data = data
        self.contentType = contentType
        self.description = description
        self.width = width
        self.height = height
    }
}
