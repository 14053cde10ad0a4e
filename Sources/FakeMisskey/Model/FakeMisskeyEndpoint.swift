/// The endpoints the fake serves, with Misskey's `meta` for each
/// (`packages/backend/src/server/api/endpoints/**`): whether a credential is required,
/// the permission (`kind`) a token needs, and the rate limit.
enum FakeMisskeyEndpoint: String, Sendable, CaseIterable {
    case i = "i"
    case usersShow = "users/show"
    case usersNotes = "users/notes"
    case usersReactions = "users/reactions"
    case notesTimeline = "notes/timeline"
    case notifications = "i/notifications"
    case notesCreate = "notes/create"
    case reactionsCreate = "notes/reactions/create"
    case notesShow = "notes/show"
    case notesDelete = "notes/delete"
    case driveFilesCreate = "drive/files/create"

    /// `POST /api/notes/create`: names records, faults and limits.
    var endpoint: String { "POST /api/" + rawValue }

    var requiresCredential: Bool {
        switch self {
        case .i, .notesTimeline, .notifications, .notesCreate, .reactionsCreate, .notesDelete, .driveFilesCreate: true
        case .usersShow, .usersNotes, .usersReactions, .notesShow: false
        }
    }

    /// The permission a token must carry (`meta.kind`); nil: none.
    var kind: String? {
        switch self {
        case .i, .notesTimeline: "read:account"
        case .notifications: "read:notifications"
        case .notesCreate, .notesDelete: "write:notes"
        case .reactionsCreate: "write:reactions"
        case .driveFilesCreate: "write:drive"
        case .usersShow, .usersNotes, .usersReactions, .notesShow: nil
        }
    }

    /// `meta.limit`: at most `max` requests per `duration` seconds per user (or caller).
    var limit: (duration: Double, max: Int)? {
        switch self {
        case .notesCreate, .notesDelete: (3600, 300)
        case .notifications: (30, 30)
        case .driveFilesCreate: (3600, 120)
        default: nil
        }
    }

    /// `meta.limit.minInterval`: seconds a user must leave between two calls; nil: none.
    var minInterval: Double? {
        switch self {
        case .notesDelete: 1
        default: nil
        }
    }
}
