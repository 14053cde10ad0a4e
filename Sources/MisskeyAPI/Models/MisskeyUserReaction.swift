/// One of a user's reactions (`users/reactions`): its own id, the reaction, the note.
public struct MisskeyUserReaction: Sendable, Codable, Equatable {
    /// The reaction's id (pages by it), not the note's.
    public var id: String
    public var createdAt: String
    public var user: MisskeyUser
    /// The reaction: `❤`, `👍`, `:name@.:`.
    public var type: String
    public var note: MisskeyNote
}
