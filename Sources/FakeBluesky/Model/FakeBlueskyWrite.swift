import BlueskyAPI

/// A write the server accepted, for tests to inspect.
public enum FakeBlueskyWrite: Sendable, Equatable, CustomStringConvertible {
    case post(uri: String, did: String, text: String, facets: [BlueskyFacet])
    case reply(uri: String, did: String, text: String, parent: String, root: String)
    case like(did: String, subject: String)
    /// `com.atproto.repo.deleteRecord` of one of the account's own records.
    case delete(uri: String, did: String)

    public var description: String {
        switch self {
        case .post(let uri, _, let text, let facets): "post \(uri) text=\(text.debugDescription) facets=\(facets.count)"
        case .reply(let uri, _, let text, let parent, let root): "reply \(uri) parent=\(parent) root=\(root) text=\(text.debugDescription)"
        case .like(let did, let subject): "like by=\(did) subject=\(subject)"
        case .delete(let uri, _): "delete \(uri)"
        }
    }
}
