import APIClientCore
import Foundation
import MisskeyAPI

/// Notes, users and notifications in Misskey's JSON, as a viewer sees them.
extension FakeMisskeyWorld {
    /// UserLite, or UserDetailed / MeDetailed (`detailed`: description, publicReactions, isLocked).
    func pack(user: FakeMisskeyUser, detailed: Bool = false) -> MisskeyUser {
        MisskeyUser(
            id: user.id, username: user.username, name: user.name, host: nil, isBot: user.isBot, isCat: false,
            description: detailed ? user.description : nil, publicReactions: detailed ? user.publicReactions : nil,
            isLocked: detailed ? false : nil)
    }

    /// `createdAt` from the id, as `NoteEntityService` derives it.
    static func createdAt(of id: String) -> String {
        ISO8601Timestamp.format(FakeMisskeyID.date(of: id) ?? Date(timeIntervalSince1970: 0))
    }

    /// `hidden`: packed for a viewer who may not see it (lists never serve one; `notes/show` does).
    func pack(note: FakeMisskeyNote, viewer: FakeMisskeyUser?, depth: Int = 0, hidden: Bool = false) -> FakeMisskeyNotePack? {
        guard let author = users[note.userId] else { return nil }
        let counts = reactions.counts(on: note.id)
        let mine = viewer.flatMap { reactions.of($0.id, on: note.id)?.reaction }
        let related = { (id: String?) -> FakeMisskeyNotePack? in
            guard depth == 0, let id, let target = notes[id], isVisible(target, to: viewer) else { return nil }
            return pack(note: target, viewer: viewer, depth: depth + 1)
        }
        let renotes = index.renotes[note.id]?.count ?? 0
        let replies = index.replies[note.id]?.count ?? 0
        return FakeMisskeyNotePack(
            note: note, createdAt: Self.createdAt(of: note.id), user: pack(user: author), counts: (renotes, replies), reactions: counts,
            reply: related(note.replyId), renote: related(note.renoteId), myReaction: viewer == nil ? nil : mine,
            files: note.fileIds.compactMap { driveFiles[$0]?.pack(baseURL: baseURL) }, hidden: hidden)
    }

    /// public and home are visible to all; followers to the author and followers; specified to the author.
    func isVisible(_ note: FakeMisskeyNote, to viewer: FakeMisskeyUser?) -> Bool {
        switch note.visibility {
        case "public", "home": return true
        case "followers":
            guard let viewer else { return false }
            return viewer.id == note.userId || follows[viewer.id, default: []].contains(note.userId)
        default:
            return viewer?.id == note.userId
        }
    }
}
