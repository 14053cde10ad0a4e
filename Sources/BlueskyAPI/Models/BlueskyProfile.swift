/// An account as views show it (`profileViewBasic`, `profileView`, `profileViewDetailed`: the fields mirror-bot reads).
public struct BlueskyProfile: Sendable, Codable, Equatable {
    public var did: String
    public var handle: String
    public var displayName: String?
    public var viewer: BlueskyViewerState?
    public var labels: [BlueskyLabel]?
    /// The bio, plain text (`profileView` and `profileViewDetailed` only; absent when empty).
    public var description: String?

    public init(
        did: String, handle: String, displayName: String? = nil, viewer: BlueskyViewerState? = nil, labels: [BlueskyLabel]? = nil,
        description: String? = nil
    ) {
        self.did = did
        self.handle = handle
        self.displayName = displayName
        self.viewer = viewer
        self.labels = labels
        self.description = description
    }

    /// The account labels itself `bot` (Bluesky's bot guidelines).
    public var isSelfLabeledBot: Bool {
        (labels ?? []).contains { $0.val == "bot" && $0.src == did && $0.neg != true }
    }
}
