/// An `at://` URI naming a record: `at://did:plc:abc/app.bsky.feed.post/3kabc…`.
public struct ATURI: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The repository: a DID (or a handle, in URIs people write).
    public var authority: String
    /// `app.bsky.feed.post`.
    public var collection: String
    /// The record key (a TID for posts and likes).
    public var rkey: String

    public init(authority: String, collection: String, rkey: String) {
        self.authority = authority
        self.collection = collection
        self.rkey = rkey
    }

    /// Parses `at://authority/collection/rkey` (`ATProtoSyntax.isATURI`, naming a record);
    /// nil for anything else.
    public init?(_ string: String) {
        guard ATProtoSyntax.isATURI(string) else { return nil }
        let parts = string.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        self.init(authority: String(parts[0]), collection: String(parts[1]), rkey: String(parts[2]))
    }

    public var description: String { "at://\(authority)/\(collection)/\(rkey)" }
}
