/// Every reaction, found by note (to pack a note's counts) and by user (`users/reactions`): a
/// user has at most one reaction to a note.
struct FakeMisskeyReactions: Sendable {
    /// Note id -> user id -> the reaction.
    private var byNote: [String: [String: FakeMisskeyReaction]] = [:]
    /// User id -> their reactions, in the order made.
    private var byUser: [String: [FakeMisskeyReaction]] = [:]

    /// The reactions to a note, in no order.
    func on(_ noteId: String) -> Dictionary<String, FakeMisskeyReaction>.Values {
        (byNote[noteId] ?? [:]).values
    }

    /// `userId`'s reaction to `noteId`.
    func of(_ userId: String, on noteId: String) -> FakeMisskeyReaction? { byNote[noteId]?[userId] }

    /// `userId`'s reactions, oldest first.
    func of(_ userId: String) -> [FakeMisskeyReaction] { byUser[userId] ?? [] }

    /// Adds a reaction, replacing the user's earlier one to the note (the new one is their newest).
    mutating func set(_ reaction: FakeMisskeyReaction) {
        remove(userId: reaction.userId, noteId: reaction.noteId)
        byNote[reaction.noteId, default: [:]][reaction.userId] = reaction
        byUser[reaction.userId, default: []].append(reaction)
    }

    mutating func remove(userId: String, noteId: String) {
        guard byNote[noteId]?.removeValue(forKey: userId) != nil else { return }
        byUser[userId]?.removeAll { $0.noteId == noteId }
    }

    /// Every reaction to a note that is gone.
    mutating func removeAll(on noteId: String) {
        guard let gone = byNote.removeValue(forKey: noteId) else { return }
        for userId in gone.keys { byUser[userId]?.removeAll { $0.noteId == noteId } }
    }
}
