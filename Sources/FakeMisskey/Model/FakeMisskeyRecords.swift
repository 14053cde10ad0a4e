import Foundation

/// A user of the fake server.
public struct FakeMisskeyUser: Sendable, Equatable {
    public var id: String
    public var username: String
    public var name: String?
    public var isBot: Bool
    /// The profile text (`#nobot` goes here).
    public var description: String?
    /// Whether others may list the user's reactions (Misskey's default: true).
    public var publicReactions: Bool
}

/// A note as the fake keeps it; `createdAt` is read from the id.
public struct FakeMisskeyNote: Sendable, Equatable {
    public var id: String
    public var userId: String
    public var text: String?
    public var cw: String?
    public var replyId: String?
    public var renoteId: String?
    public var visibility: String
    /// Ids of the users the text mentions.
    public var mentions: [String]
    public var localOnly: Bool
    /// The drive files attached, in order.
    public var fileIds: [String] = []

    /// A renote without text or files of its own.
    public var isPureRenote: Bool { renoteId != nil && (text ?? "").isEmpty && fileIds.isEmpty }
}

/// A reaction: its own id, who, to which note, which.
public struct FakeMisskeyReaction: Sendable, Equatable {
    public var id: String
    public var userId: String
    public var noteId: String
    public var reaction: String
}

/// A notification for `recipientId`: `mention` or `reply`, about `noteId`, from `notifierId`.
struct FakeMisskeyNotificationRecord: Sendable, Equatable {
    var id: String
    var recipientId: String
    var type: String
    var noteId: String
    var notifierId: String
}

/// An app token: whose, and the permissions it was granted.
struct FakeMisskeyToken: Sendable, Equatable {
    var userId: String
    var permissions: Set<String>
}

/// A write the server accepted, as tests and the demo's log read it.
public enum FakeMisskeyWrite: Sendable, Equatable, CustomStringConvertible {
    /// A note (with `fileIds` attached, in order).
    case note(id: String, userId: String, text: String, visibility: String, fileIds: [String] = [])
    case reply(id: String, userId: String, replyId: String, text: String, visibility: String)
    case reaction(userId: String, noteId: String, reaction: String)
    /// `notes/delete` of the caller's own note.
    case delete(id: String, userId: String)

    public var description: String {
        switch self {
        case .note(let id, let userId, let text, let visibility, let fileIds):
            "note id=\(id) user=\(userId) visibility=\(visibility) text=\(text.debugDescription)"
                + (fileIds.isEmpty ? "" : " files=\(fileIds.joined(separator: ","))")
        case .reply(let id, let userId, let replyId, let text, let visibility):
            "reply id=\(id) user=\(userId) reply_to=\(replyId) visibility=\(visibility) text=\(text.debugDescription)"
        case .reaction(let userId, let noteId, let reaction):
            "reaction user=\(userId) note=\(noteId) reaction=\(reaction)"
        case .delete(let id, let userId):
            "delete id=\(id) user=\(userId)"
        }
    }
}

/// A request the fake answered (or dropped).
public struct FakeMisskeyRequestRecord: Sendable, Equatable {
    /// `POST /api/notes/create` (the path when unknown).
    public var endpoint: String
    public var status: Int
    /// The caller, when its token was valid.
    public var userId: String?
    /// Misskey's error code of the answer, when it was an error.
    public var errorCode: String?
    /// The JSON body as sent (for checking what a client asked for).
    public var body: Data
}
