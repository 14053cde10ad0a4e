/// A logged-in session: whose it is and its two tokens. The tokens are secrets:
/// `description` never shows them.
public struct BlueskySession: Sendable, Equatable, CustomStringConvertible {
    public var did: String
    public var handle: String
    public var accessJwt: String
    public var refreshJwt: String

    public init(did: String, handle: String, accessJwt: String, refreshJwt: String) {
        self.did = did
        self.handle = handle
        self.accessJwt = accessJwt
        self.refreshJwt = refreshJwt
    }

    init(_ response: CreateSession.Response) {
        self.init(did: response.did, handle: response.handle, accessJwt: response.accessJwt, refreshJwt: response.refreshJwt)
    }

    public var description: String { "BlueskySession(did: \(did), handle: \(handle), tokens: ***)" }
}

/// What happened to a session, for the log (never with a token).
public enum BlueskySessionEvent: Sendable, Equatable {
    /// A new session from the app password (`createSession`); `loginsToday` counts it.
    case loggedIn(handle: String, loginsToday: Int)
    /// The session was renewed with its refresh token.
    case refreshed(handle: String)
    /// Another process renewed the session first; its tokens were taken from the store.
    case adopted(handle: String)
    /// Refreshing was refused (the refresh token expired or was revoked): logging in again.
    case refreshRefused(detail: String)
    /// No login: the budget is spent until `until`.
    case loginRefused(until: String, detail: String)
}
