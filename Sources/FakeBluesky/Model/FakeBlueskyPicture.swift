import BlueskyAPI
import Foundation

/// A picture of a post `FakeBlueskyServer.addPost(did:text:pictures:)` makes: its bytes, alt text, aspect ratio.
public struct FakeBlueskyPicture: Sendable, Equatable {
    public var data: Data
    public var alt: String
    public var aspectRatio: BlueskyAspectRatio?
    /// The blob's CID, as a repository export names it; nil: one the fake makes up.
    public var cid: String?

    public init(data: Data, alt: String, aspectRatio: BlueskyAspectRatio? = nil, cid: String? = nil) {
        self.data = data
        self.alt = alt
        self.aspectRatio = aspectRatio
        self.cid = cid
    }
}
