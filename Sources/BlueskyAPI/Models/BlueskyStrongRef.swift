/// `com.atproto.repo.strongRef`: a record by URI and content hash.
public struct BlueskyStrongRef: Sendable, Codable, Equatable, Hashable {
    public var uri: String
    public var cid: String

    public init(uri: String, cid: String) {
        self.uri = uri
        self.cid = cid
    }
}
