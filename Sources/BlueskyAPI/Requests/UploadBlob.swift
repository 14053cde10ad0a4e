import APIClientCore
import Foundation

/// `com.atproto.repo.uploadBlob`: the bytes as the body, their MIME type as `Content-Type`
/// (input encoding `*/*`); the answer is the blob reference a record then carries. The PDS
/// keeps a blob no record references for a while, then deletes it, and the same bytes are the
/// same blob: a retry cannot make a second one (`.safe`).
public struct UploadBlob: XRPCRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    public struct Response: Sendable, Codable, Equatable {
        public var blob: BlueskyBlob

        public init(blob: BlueskyBlob) { self.blob = blob }
    }

    public static let nsid = "com.atproto.repo.uploadBlob"
    public static var isProcedure: Bool { true }

    public var data: Data
    public var mimeType: String

    public init(data: Data, mimeType: String) {
        self.data = data
        self.mimeType = mimeType
    }

    public var requestBody: RequestBody? {
        get throws { RequestBody(data: data, contentType: mimeType) }
    }
}
