import Foundation

/// A blob in the fake PDS: whose it is, its bytes and the MIME type the PDS found for them.
public struct FakeBlueskyBlob: Sendable, Equatable {
    public var cid: String
    public var did: String
    public var data: Data
    public var mimeType: String
}
