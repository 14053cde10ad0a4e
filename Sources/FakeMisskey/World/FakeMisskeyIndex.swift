/// What a request looks up, kept up to date as users, notes and notifications come and go, so
/// that no request reads the whole world (a world of 2,000 accounts holds 250,000 notes): each
/// user's notes, each note's replies and renotes, each recipient's notifications, each username's
/// user.
struct FakeMisskeyIndex: Sendable {
    /// Each user's note ids, in the order made.
    private(set) var notesByUser: [String: [String]] = [:]
    /// The notes replying to each note (by `replyId`), and renoting it (by `renoteId`).
    private(set) var replies: [String: Set<String>] = [:]
    private(set) var renotes: [String: Set<String>] = [:]
    /// Each recipient's notifications, in the order made.
    private(set) var notifications: [String: [FakeMisskeyNotificationRecord]] = [:]
    /// The lowercased username -> the first user registered with it.
    private var usersByName: [String: String] = [:]

    /// The user called `username` (letter case aside), as Misskey's `usernameLower` finds them.
    func userId(named username: String) -> String? { usersByName[username.lowercased()] }

    mutating func added(_ user: FakeMisskeyUser, replacing old: FakeMisskeyUser?) {
        if let old, usersByName[old.username.lowercased()] == old.id { usersByName[old.username.lowercased()] = nil }
        if usersByName[user.username.lowercased()] == nil { usersByName[user.username.lowercased()] = user.id }
    }

    mutating func added(_ note: FakeMisskeyNote) {
        notesByUser[note.userId, default: []].append(note.id)
        if let replyId = note.replyId { replies[replyId, default: []].insert(note.id) }
        if let renoteId = note.renoteId { renotes[renoteId, default: []].insert(note.id) }
    }

    mutating func removed(_ note: FakeMisskeyNote) {
        notesByUser[note.userId]?.removeAll { $0 == note.id }
        if let replyId = note.replyId { replies[replyId]?.remove(note.id) }
        if let renoteId = note.renoteId { renotes[renoteId]?.remove(note.id) }
    }

    mutating func added(_ notification: FakeMisskeyNotificationRecord) {
        notifications[notification.recipientId, default: []].append(notification)
    }
}
