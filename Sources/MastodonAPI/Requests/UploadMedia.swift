import APIClientCore
import Foundation

/// `POST /api/v2/media`: uploads a file (multipart `file`, with its MIME type) and its alt
/// text (`description`). Mastodon answers 200 when the file was processed at once and 202
/// with `url: null` while it is still processing: then poll `GetMedia` until `url` is set.
/// A retry after a lost answer may leave a second, unattached copy on the server, which
/// Mastodon removes with its other unattached media.
public struct UploadMedia: MastodonRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    public typealias Response = MastodonMediaAttachment

    public var data: Data
    public var contentType: String
    public var filename: String
    public var description: String?

    public init(data: Data, contentType: String, filename: String, description: String?) {
        self.data = data
        self.contentType = contentType
        self.filename = filename
        self.description = description
    }

    public var method: String { "POST" }
    public var path: String { "/api/v2/media" }
    public var pathTemplate: String { path }

    public var requestBody: RequestBody? {
        let fields = description.map { [(name: "description", value: $0)] } ?? []
        return .multipart(fields: fields, file: .init(name: "file", filename: filename, contentType: contentType, data: data))
    }
}
