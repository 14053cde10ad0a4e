import MisskeyAPI

/// A note in Misskey's JSON (`NoteEntityService.pack`): the fields `note.ts` describes that a
/// client meets, `reply` and `renote` packed one level deep.
final class FakeMisskeyNotePack: Encodable, Sendable {
    let id: String
    let createdAt: String
    let userId: String
    let user: MisskeyUser
    let text: String?
    let cw: String?
    let visibility: String
    let localOnly: Bool
    let reactionAcceptance: String?
    let renoteCount: Int
    let repliesCount: Int
    let reactionCount: Int
    let reactions: [String: Int]
    let reactionEmojis: [String: String]
    let fileIds: [String]
    let files: [MisskeyDriveFile]
    let replyId: String?
    let renoteId: String?
    let mentions: [String]?
    let reply: FakeMisskeyNotePack?
    let renote: FakeMisskeyNotePack?
    let myReaction: String?
    /// `NoteEntityService.hideNote`: a note the viewer may not see, served without its text.
    let isHidden: Bool?

    /// `hidden`: served to a viewer who may not see it (text, cw and mentions left out, `isHidden`).
    init(
        note: FakeMisskeyNote, createdAt: String, user: MisskeyUser, counts: (renotes: Int, replies: Int), reactions: [String: Int],
        reply: FakeMisskeyNotePack?, renote: FakeMisskeyNotePack?, myReaction: String?, files: [MisskeyDriveFile] = [],
        hidden: Bool = false
    ) {
        id = note.id
        self.createdAt = createdAt
        userId = note.userId
        self.user = user
        text = hidden ? nil : note.text
        cw = hidden ? nil : note.cw
        visibility = note.visibility
        localOnly = note.localOnly
        reactionAcceptance = nil
        renoteCount = counts.renotes
        repliesCount = counts.replies
        self.reactions = reactions
        reactionCount = reactions.values.reduce(0, +)
        reactionEmojis = [:]
        fileIds = hidden ? [] : files.map(\.id)
        self.files = hidden ? [] : files
        replyId = note.replyId
        renoteId = note.renoteId
        mentions = note.mentions.isEmpty || hidden ? nil : note.mentions
        self.reply = reply
        self.renote = renote
        self.myReaction = myReaction
        isHidden = hidden ? true : nil
    }

    enum CodingKeys: String, CodingKey {
        case id, createdAt, userId, user, text, cw, visibility, localOnly, reactionAcceptance, renoteCount, repliesCount
        case reactionCount, reactions, reactionEmojis, fileIds, files, replyId, renoteId, mentions, reply, renote, myReaction, isHidden
    }

    /// `text`, `cw`, `replyId`, `renoteId` and `reactionAcceptance` are always present (null when
    /// unset), as Misskey sends them; `mentions`, `reply`, `renote` and `myReaction` only when set.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(userId, forKey: .userId)
        try container.encode(user, forKey: .user)
        try container.encode(text, forKey: .text)
        try container.encode(cw, forKey: .cw)
        try container.encode(visibility, forKey: .visibility)
        try container.encode(localOnly, forKey: .localOnly)
        try container.encode(reactionAcceptance, forKey: .reactionAcceptance)
        try container.encode(renoteCount, forKey: .renoteCount)
        try container.encode(repliesCount, forKey: .repliesCount)
        try container.encode(reactionCount, forKey: .reactionCount)
        try container.encode(reactions, forKey: .reactions)
        try container.encode(reactionEmojis, forKey: .reactionEmojis)
        try container.encode(fileIds, forKey: .fileIds)
        try container.encode(files, forKey: .files)
        try container.encode(replyId, forKey: .replyId)
        try container.encode(renoteId, forKey: .renoteId)
        try container.encodeIfPresent(mentions, forKey: .mentions)
        try container.encodeIfPresent(reply, forKey: .reply)
        try container.encodeIfPresent(renote, forKey: .renote)
        try container.encodeIfPresent(myReaction, forKey: .myReaction)
    }
}

/// A notification in Misskey's JSON.
struct FakeMisskeyNotificationPack: Encodable, Sendable {
    let id: String
    let createdAt: String
    let type: String
    let userId: String
    let user: MisskeyUser
    let note: FakeMisskeyNotePack
}

/// One of a user's reactions in Misskey's JSON (`users/reactions`).
struct FakeMisskeyReactionPack: Encodable, Sendable {
    let id: String
    let createdAt: String
    let user: MisskeyUser
    let type: String
    let note: FakeMisskeyNotePack
}

/// `{"createdNote": …}`.
struct FakeMisskeyCreatedPack: Encodable, Sendable {
    let createdNote: FakeMisskeyNotePack
}
