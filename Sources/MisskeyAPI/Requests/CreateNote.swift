/// `notes/create`: a note, or a reply (`replyId`). Needs `write:notes`; 300 per hour.
///
/// The server may lower `visibility` (public becomes home when the replied-to note is not
/// public, or the role may not post publicly): read it back from `createdNote`. misskey.io
/// answers an identical body within 60 s with the note it already made, and one still in
/// flight with 202 `PROCESSING`; the client retries both, so a lost answer is one note,
/// never two (`Replay.safe`).
public struct CreateNote: MisskeyRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    public typealias Response = MisskeyCreatedNote
    public static let name = "notes/create"
    /// Nil for a note of files alone (Misskey refuses an empty `text`: minLength 1).
    public var text: String?
    /// `public`, `home`, `followers` or `specified`.
    public var visibility: String
    public var replyId: String?
    public var localOnly: Bool?
    /// The content warning (1 to `maxCWLength` characters); nil when none.
    public var cw: String?
    /// Drive files of the caller's own to attach, in order (at most `maxFiles`); nil when none.
    public var fileIds: [String]?

    public init(
        text: String?, visibility: String = "home", replyId: String? = nil, localOnly: Bool? = nil, cw: String? = nil,
        fileIds: [String]? = nil
    ) {
        self.fileIds = fileIds
        self.cw = cw
        self.text = text
        self.visibility = visibility
        self.replyId = replyId
        self.localOnly = localOnly
    }

    /// Misskey's longest note text (`packages/backend/src/const.ts` MAX_NOTE_TEXT_LENGTH).
    public static let maxTextLength = 3000
    /// Misskey's longest content warning (`notes/create`'s `cw`: maxLength 100).
    public static let maxCWLength = 100
    /// The most files a note attaches (`notes/create`'s `fileIds`: maxItems 16).
    public static let maxFiles = 16
}

/// `notes/reactions/create`: reacts to a note (one reaction per user per note). Needs
/// `write:reactions`; answers 204. `ALREADY_REACTED` when the note has the caller's reaction.
public struct CreateReaction: MisskeyRequest {
    public typealias Response = MisskeyNoContent
    public static let name = "notes/reactions/create"
    public var noteId: String
    public var reaction: String

    public init(noteId: String, reaction: String) {
        self.noteId = noteId
        self.reaction = reaction
    }
}
