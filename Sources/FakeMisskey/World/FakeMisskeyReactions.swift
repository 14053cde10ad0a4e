/// Every reaction, found by note (to pack a note's counts) and by user (`users/reactions`): a
/// user has at most one reaction to a note.
struct FakeMisskeyReactions: Sendable {
    /// Note id -> user id -> the reaction.
    private var byNote: [String: [String: FakeMisskeyReaction]] = [:]
    /// User id -> their reactions, in the order made.
    private var byUser: [String: [FakeMisskeyReaction]] = [:]
    /// Note id -> reaction -> how many: kept as reactions come and go, as Misskey keeps `note.reactions`
    /// on the note, so a note is packed without counting its reactions (thousands, on a popular note).
    private var countsByNote: [String: [String: Int]] = [:]

    /// How many of each reaction a note has.
    func counts(on noteId: String) -> [String: Int] { countsByNote[noteId] ?? [:] }

    /// `userId`'s reaction to `noteId`.
    func of(_ userId: String, on noteId: String) -> FakeMisskeyReaction? { byNote[noteId]?[userId] }

    /// `userId`'s reactions, oldest first.
    func of(_ userId: String) -> [FakeMisskeyReaction] { byUser[userId] ?? [] }

    /// Adds a reaction, replacing the user's earlier one to the note (the new one is their newest).
    mutating func set(_ reaction: FakeMisskeyReaction) {
        remove(userId: reaction.userId, noteId: reaction.noteId)
        byNote[reaction.noteId, default: [:]][reaction.userId] = reaction
        byUser[reaction.userId, default: []].append(reaction)
        countsByNote[reaction.noteId, default: [:]][reaction.reaction, default: 0] += 1
    }

    mutating func remove(userId: String, noteId: String) {
        guard let gone = byNote[noteId]?.removeValue(forKey: userId) else { return }
        byUser[userId]?.removeAll { $0.noteId == noteId }
        let left = (countsByNote[noteId]?[gone.reaction] ?? 1) - 1
        countsByNote[noteId]?[gone.reaction] = left > 0 ? left : nil
        if countsByNote[noteId]?.isEmpty == true { countsByNote[noteId] = nil }
    }

    /// Every reaction to a note that is gone.
    mutating func removeAll(on noteId: String) {
        countsByNote[noteId] = nil
        guard let gone = byNote.removeValue(forKey: noteId) else { return }
        for userId in gone.keys { byUser[userId]?.removeAll { $0.noteId == noteId } }
    }
}
