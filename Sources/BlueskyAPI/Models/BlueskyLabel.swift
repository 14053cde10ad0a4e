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
