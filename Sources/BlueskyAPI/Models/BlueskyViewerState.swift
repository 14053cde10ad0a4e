/// How an account relates to the viewer: `followedBy` is set (to the follow
/// record's URI) when that account follows the viewer.
public struct BlueskyViewerState: Sendable, Codable, Equatable {
    public var following: String?
    public var followedBy: String?
    public var muted: Bool?
    public var blockedBy: Bool?

    public init(following: String? = nil, followedBy: String? = nil, muted: Bool? = nil, blockedBy: Bool? = nil) {
        self.following = following
        self.followedBy = followedBy
        self.muted = muted
        self.blockedBy = blockedBy
    }
}
