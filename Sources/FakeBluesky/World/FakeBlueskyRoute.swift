/// The XRPC methods the fake knows.
enum FakeBlueskyRoute: String, Sendable {
    case createSession = "com.atproto.server.createSession"
    case refreshSession = "com.atproto.server.refreshSession"
    case getSession = "com.atproto.server.getSession"
    case getAuthorFeed = "app.bsky.feed.getAuthorFeed"
    case getActorLikes = "app.bsky.feed.getActorLikes"
    case getTimeline = "app.bsky.feed.getTimeline"
    case listNotifications = "app.bsky.notification.listNotifications"
    case getPosts = "app.bsky.feed.getPosts"
    case getProfile = "app.bsky.actor.getProfile"
    case getProfiles = "app.bsky.actor.getProfiles"
    case resolveHandle = "com.atproto.identity.resolveHandle"
    case getRecord = "com.atproto.repo.getRecord"
    case createRecord = "com.atproto.repo.createRecord"
    case deleteRecord = "com.atproto.repo.deleteRecord"
    case uploadBlob = "com.atproto.repo.uploadBlob"
    case getBlob = "com.atproto.sync.getBlob"

    enum Credential { case none, access, refresh }

    var isProcedure: Bool { [.createSession, .refreshSession, .createRecord, .deleteRecord, .uploadBlob].contains(self) }

    var credential: Credential {
        switch self {
        case .createSession, .resolveHandle, .getRecord, .getBlob: .none
        case .refreshSession: .refresh
        default: .access
        }
    }

    /// `GET app.bsky.feed.getTimeline`: names faults and records.
    var endpoint: String { "\(isProcedure ? "POST" : "GET") \(rawValue)" }

    init?(method: String, path: String) {
        guard path.hasPrefix("/xrpc/"), let route = Self(rawValue: String(path.dropFirst(6))) else { return nil }
        guard method == (route.isProcedure ? "POST" : "GET") else { return nil }
        self = route
    }
}
