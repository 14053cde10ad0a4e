/// `notes/show`: one note by id (no credential needed; the caller's token lets it see the
/// caller's own followers-only and specified notes). A note that no longer exists is refused
/// with HTTP 400 `NO_SUCH_NOTE` (`packages/backend/src/server/api/endpoints/notes/show.ts`).
public struct ShowNote: MisskeyRequest {
    public typealias Response = MisskeyNote
    public static let name = "notes/show"
    public var noteId: String

    public init(noteId: String) { self.noteId = noteId }
}

/// `notes/delete`: deletes one of the caller's own notes (another's is refused with
/// `ACCESS_DENIED` unless the caller moderates). Needs `write:notes`; 300 per hour and one a
/// second; answers 204, or 400 `NO_SUCH_NOTE` when it is gone already
/// (`packages/backend/src/server/api/endpoints/notes/delete.ts`). A repeat after a lost answer
/// finds it gone: `Replay.safe`.
public struct DeleteNote: MisskeyRequest {
    public typealias Response = MisskeyNoContent
    public static let name = "notes/delete"
    public var noteId: String

    public init(noteId: String) { self.noteId = noteId }

    /// The code both endpoints answer for a note that does not exist.
    public static let noSuchNote = "NO_SUCH_NOTE"
}
