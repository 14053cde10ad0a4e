/// An account of the fake world: its DID, handle, app passwords and self-labels.
public struct FakeBlueskyAccount: Sendable, Equatable {
    public var did: String
    public var handle: String
    public var appPasswords: [String]
    /// The profile's self-labels (`bot`).
    public var selfLabels: [String]
    /// The profile's bio (plain text); "" for none.
    public var description: String

    public init(did: String, handle: String, appPasswords: [String], selfLabels: [String] = [], description: String = "") {
        self.did = did
        self.handle = handle
        self.appPasswords = appPasswords
        self.selfLabels = selfLabels
        self.description = description
    }
}
