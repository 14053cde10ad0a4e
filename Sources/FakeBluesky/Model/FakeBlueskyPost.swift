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
