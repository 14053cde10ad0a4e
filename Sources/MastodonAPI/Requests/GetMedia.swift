/// `GET /api/v1/media/:id`: an uploaded attachment not yet posted. 206 (with the attachment,
/// `url: null`) while it is still processing, 200 with its `url` once done.
public struct GetMedia: MastodonRequest {
    public typealias Response = MastodonMediaAttachment

    public var mediaID: String

    public init(mediaID: String) { self.mediaID = mediaID }

    public var method: String { "GET" }
    public var path: String { "/api/v1/media/\(MastodonPercentEncoding.encode(mediaID))" }
    public var pathTemplate: String { "/api/v1/media/:id" }
}
