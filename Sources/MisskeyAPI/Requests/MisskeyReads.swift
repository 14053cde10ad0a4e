/// `i`: the authenticated user (MeDetailed). Needs `read:account`.
public struct GetI: MisskeyRequest {
    public typealias Response = MisskeyUser
    public static let name = "i"
    public init() {}
}

/// `users/show`: a user (UserDetailed) by id, or by username and host (nil: this server).
public struct ShowUser: MisskeyRequest {
    public typealias Response = MisskeyUser
    public static let name = "users/show"
    public var userId: String?
    public var username: String?
    public var host: String?

    public init(userId: String) { self.userId = userId }

    public init(username: String, host: String? = nil) {
        self.username = username
        self.host = host
    }
}

/// `users/notes`: a user's notes. `withReplies: false` still returns self-replies.
public struct UserNotes: MisskeyPagedQuery {
    public typealias Item = MisskeyNote
    public static let name = "users/notes"
    public var userId: String
    public var withReplies: Bool
    public var withRenotes: Bool

    public init(userId: String, withReplies: Bool = true, withRenotes: Bool = true) {
        self.userId = userId
        self.withReplies = withReplies
        self.withRenotes = withRenotes
    }
}

/// `notes/timeline`: the home timeline of the authenticated user. Needs `read:account`.
public struct HomeTimeline: MisskeyPagedQuery {
    public typealias Item = MisskeyNote
    public static let name = "notes/timeline"
    public init() {}
}

/// `i/notifications`: needs `read:notifications`; 30 per 30 s. Ask for both `mention` and
/// `reply`: a reply that mentions the user is notified once, as a reply.
public struct GetNotifications: MisskeyPagedQuery {
    public typealias Item = MisskeyNotification
    public static let name = "i/notifications"
    public var includeTypes: [String]?
    public var markAsRead: Bool

    public init(includeTypes: [String]? = ["mention", "reply"], markAsRead: Bool = false) {
        self.includeTypes = includeTypes
        self.markAsRead = markAsRead
    }
}

/// `users/reactions`: a user's reactions, newest first; `REACTIONS_NOT_PUBLIC` unless the
/// user made them public or is the caller.
public struct UserReactions: MisskeyPagedQuery {
    public typealias Item = MisskeyUserReaction
    public static let name = "users/reactions"
    public var userId: String

    public init(userId: String) { self.userId = userId }
}

/// `users/show` with `userIds`: several users (UserDetailed, with `description`) in one
/// call, in the order asked; unknown or suspended ones are left out. No credential needed.
public struct ShowUsers: MisskeyRequest {
    public typealias Response = [MisskeyUser]
    public static let name = "users/show"
    /// Unique ids (Misskey refuses duplicates).
    public var userIds: [String]

    public init(userIds: [String]) { self.userIds = userIds }

    /// How many mirror-bot asks for at once (Misskey sets no maximum).
    public static let batch = 100
}
