/// A post record's `reply`: the thread's first post and the post answered.
public struct BlueskyReplyRef: Sendable, Codable, Equatable {
    public var root: BlueskyStrongRef
    public var parent: BlueskyStrongRef

    public init(root: BlueskyStrongRef, parent: BlueskyStrongRef) {
        self.root = root
        self.parent = parent
    }
}
