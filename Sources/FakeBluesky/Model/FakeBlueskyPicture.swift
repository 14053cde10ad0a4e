import BlueskyAPI
import Foundation

/// A picture of a post `FakeBlueskyServer.addPost(did:text:pictures:)` makes: its bytes, alt text, aspect ratio.
public struct FakeBlueskyPicture: Sendable, Equatable {
    public var data: Data
    public var alt: String
    public var aspectRatio: BlueskyAspectRatio?

    public init(data: Data, alt: String, aspectRatio: BlueskyAspectRatio? = nil) {
        self.data = data
        self.alt = alt
        self.aspectRatio = aspectRatio
    }
}
