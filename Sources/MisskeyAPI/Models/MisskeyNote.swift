import APIClientCore
import Foundation

/// A note as Misskey returns it (`packages/backend/src/models/json-schema/note.ts`), the
/// fields mirror-bot reads. `text` is MFM, and null for a pure renote or a hidden note.
public struct MisskeyNote: Sendable, Codable, Equatable {
    /// The replied-to or renoted note inside a note: the fields mirror-bot reads.
    public struct Related: Sendable, Codable, Equatable {
        public var id: String
        public var userId: String
        public var user: MisskeyUser?
        public var text: String?
    }

    public var id: String
    /// ISO 8601 with milliseconds, derived from the id.
    public var createdAt: String
    public var text: String?
    /// The content warning, when the author set one.
    public var cw: String?
    public var userId: String
    public var user: MisskeyUser
    public var replyId: String?
    public var renoteId: String?
    public var reply: Related?
    public var renote: Related?
    /// `public`, `home`, `followers` or `specified`.
    public var visibility: String
    /// Ids of the users mentioned (omitted when none).
    public var mentions: [String]?
    public var localOnly: Bool?
    public var reactionAcceptance: String?
    /// The caller's reaction, when signed in and the note has reactions.
    public var myReaction: String?
    public var isHidden: Bool?
    public var fileIds: [String]?
    /// The attached files in order, packed (with their alt text, `comment`).
    public var files: [MisskeyDriveFile]?

    public init(
        id: String, createdAt: String, text: String?, userId: String, user: MisskeyUser, visibility: String = "public",
        cw: String? = nil, replyId: String? = nil, renoteId: String? = nil, reply: Related? = nil, renote: Related? = nil,
        mentions: [String]? = nil, localOnly: Bool? = nil, reactionAcceptance: String? = nil, myReaction: String? = nil,
        isHidden: Bool? = nil, fileIds: [String]? = nil, files: [MisskeyDriveFile]? = nil
    ) {
        self.files = files
        self.id = id
        self.createdAt = createdAt
        self.text = text
        self.cw = cw
        self.userId = userId
        self.user = user
        self.replyId = replyId
        self.renoteId = renoteId
        self.reply = reply
        self.renote = renote
        self.visibility = visibility
        self.mentions = mentions
        self.localOnly = localOnly
        self.reactionAcceptance = reactionAcceptance
        self.myReaction = myReaction
        self.isHidden = isHidden
        self.fileIds = fileIds
    }

    /// A pure renote: it renotes, and has no text, files or poll of its own (a quote has text).
    public var isPureRenote: Bool {
        renoteId != nil && (text ?? "").isEmpty && (fileIds ?? []).isEmpty
    }

    /// `createdAt` parsed, or nil when malformed.
    public var createdDate: Date? { ISO8601Timestamp.parse(createdAt) }
}
