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

/// `com.atproto.label.defs#label`; a self-label has the account's own DID as `src`.
public struct BlueskyLabel: Sendable, Codable, Equatable {
    public var src: String
    public var uri: String
    public var val: String
    public var neg: Bool?
    public var cts: String?

    public init(src: String, uri: String, val: String, neg: Bool? = nil, cts: String? = nil) {
        self.src = src
        self.uri = uri
        self.val = val
        self.neg = neg
        self.cts = cts
    }
}

/// An account as views show it (`profileViewBasic`, `profileView`, `profileViewDetailed`: the fields mirror-bot reads).
public struct BlueskyProfile: Sendable, Codable, Equatable {
    public var did: String
    public var handle: String
    public var displayName: String?
    public var viewer: BlueskyViewerState?
    public var labels: [BlueskyLabel]?

    public init(did: String, handle: String, displayName: String? = nil, viewer: BlueskyViewerState? = nil, labels: [BlueskyLabel]? = nil) {
        self.did = did
        self.handle = handle
        self.displayName = displayName
        self.viewer = viewer
        self.labels = labels
    }

    /// The account labels itself `bot` (Bluesky's bot guidelines).
    public var isSelfLabeledBot: Bool {
        (labels ?? []).contains { $0.val == "bot" && $0.src == did && $0.neg != true }
    }
}
