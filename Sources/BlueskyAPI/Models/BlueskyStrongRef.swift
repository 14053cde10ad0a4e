/// `com.atproto.repo.strongRef`: a record by URI and content hash.
public struct BlueskyStrongRef: Sendable, Codable, Equatable, Hashable {
    public var uri: String
    public var cid: String

    public init(uri: String, cid: String) {
        self.uri = uri
        self.cid = cid
    }
}

/// A post record's `reply`: the thread's first post and the post answered.
public struct BlueskyReplyRef: Sendable, Codable, Equatable {
    public var root: BlueskyStrongRef
    public var parent: BlueskyStrongRef

    public init(root: BlueskyStrongRef, parent: BlueskyStrongRef) {
        self.root = root
        self.parent = parent
    }
}
