import BlueskyAPI
import Foundation

/// A post in the fake world, with what the AppView adds (its CID, when it was indexed).
public struct FakeBlueskyPost: Sendable, Equatable {
    public var uri: String
    public var cid: String
    public var did: String
    public var record: BlueskyPostRecord
    public var indexedAt: Date
    /// Position in the world's history: feeds are ordered by it, cursors name it.
    var order: Int

    public var rkey: String { ATURI(uri)?.rkey ?? "" }
    public var ref: BlueskyStrongRef { BlueskyStrongRef(uri: uri, cid: cid) }
    /// The DID of the post answered, for a reply.
    public var parentDID: String? { record.reply.flatMap { ATURI($0.parent.uri)?.authority } }
}

/// A repost of `subject` by `did`.
struct FakeBlueskyRepost: Sendable, Equatable {
    var did: String
    var subject: String
    var indexedAt: Date
    var order: Int
}

/// A like record.
struct FakeBlueskyLike: Sendable, Equatable {
    var uri: String
    var cid: String
    var did: String
    var record: BlueskyLikeRecord
    var order: Int
}

/// A write the server accepted, for tests to inspect.
public enum FakeBlueskyWrite: Sendable, Equatable, CustomStringConvertible {
    case post(uri: String, did: String, text: String, facets: [BlueskyFacet])
    case reply(uri: String, did: String, text: String, parent: String, root: String)
    case like(did: String, subject: String)

    public var description: String {
        switch self {
        case .post(let uri, _, let text, let facets): "post \(uri) text=\(text.debugDescription) facets=\(facets.count)"
        case .reply(let uri, _, let text, let parent, let root): "reply \(uri) parent=\(parent) root=\(root) text=\(text.debugDescription)"
        case .like(let did, let subject): "like by=\(did) subject=\(subject)"
        }
    }
}

/// One request the server answered (or dropped).
public struct FakeBlueskyRequestRecord: Sendable, Equatable {
    /// `GET app.bsky.feed.getTimeline`.
    public var endpoint: String
    public var query: String
    /// 0 for a dropped connection.
    public var status: Int
    /// The session's DID, when the token was valid.
    public var did: String?
    /// The error name of a refusal (`ExpiredToken`).
    public var error: String?
}
