import Synchronization

/// Whether the network refused likes for this account's access level, learned by the like loop
/// and read by the learning loop: on a network that charges for reads (X) neither reads for
/// likes once they are refused. Shared through `DaemonSettings`; kept for the process's life.
public final class LikeAccess: Sendable {
    private let refused = Mutex(false)

    public init() {}

    public var isRefused: Bool { refused.withLock { $0 } }

    /// The network refused a like for the access level; true the first time.
    @discardableResult
    public func refuse() -> Bool {
        refused.withLock { refused in
            defer { refused = true }
            return !refused
        }
    }
}

/// X_SKIP_LINK_POSTS: when the posting loop leaves out the human's posts containing a URL
/// (X charges $0.20 for one, against $0.015).
public enum LinkPostSkipping: String, Sendable, CaseIterable {
    /// Post whatever the plan picks.
    case never
    /// Pick a URL-free post when the picked one would take the day past its budget (the default).
    case tight
    /// Never post a URL.
    case always
}
