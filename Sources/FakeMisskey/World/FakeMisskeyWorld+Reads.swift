import FakeHTTP
import Foundation
import MisskeyAPI

/// The read endpoints: `users/show`, `users/notes`, `users/reactions`, `notes/timeline`, `i/notifications`.
extension FakeMisskeyWorld {
    /// `users/show`: one user by `userId` or `username`, or several by `userIds` (unique ids: an
    /// array of UserDetailed in the order asked, unknown ones left out).
    func usersShow(_ params: FakeMisskeyParams) throws(FakeMisskeyError) -> HTTPResponse {
        if let ids = try params.strings("userIds") {
            if ids.contains(where: { !MisskeyID.isValid($0) }) {
                throw .invalidParam("userIds", keyword: "format", reason: "must match format \"misskey:id\"")
            }
            guard Set(ids).count == ids.count else {
                throw .invalidParam("userIds", keyword: "uniqueItems", reason: "must NOT have duplicate items")
            }
            return .json(200, ids.compactMap { users[$0] }.map { pack(user: $0, detailed: true) })
        }
        let userId = try params.id("userId")
        let username = try params.string("username")
        _ = try params.string("host", nullable: true)
        let found = userId.flatMap { users[$0] } ?? username.flatMap(index.userId(named:)).flatMap { users[$0] }
        guard let found else { throw .noSuchUser }
        return .json(200, pack(user: found, detailed: true))
    }

    /// `withReplies: false` keeps self-replies (`misc/is-reply.ts`); `withRenotes: false` drops pure renotes.
    func usersNotes(_ params: FakeMisskeyParams, viewer: FakeMisskeyUser?) throws(FakeMisskeyError) -> HTTPResponse {
        guard let userId = try params.id("userId", required: true) else { throw .missingParam("userId") }
        let withReplies = try params.bool("withReplies", default: false)
        let withRenotes = try params.bool("withRenotes", default: true)
        _ = try params.bool("withChannelNotes", default: false)
        let withFiles = try params.bool("withFiles", default: false)
        _ = try params.bool("allowPartial", default: false)
        let page = try params.page()
        _ = try params.integer("sinceDate", minimum: 0, maximum: Int.max >> 12, default: 0)
        _ = try params.integer("untilDate", minimum: 0, maximum: Int.max >> 12, default: 0)
        if withReplies && withFiles { throw .bothWithRepliesAndWithFiles }
        guard users[userId] != nil else { throw .noSuchUserForNotes }
        let candidates = index.notesByUser[userId, default: []].compactMap { notes[$0] }.filter { note in
            guard isVisible(note, to: viewer), !withFiles else { return false }
            if !withRenotes && note.isPureRenote { return false }
            if !withReplies, let replyId = note.replyId, notes[replyId]?.userId != userId { return false }
            return true
        }
        return .json(200, page.select(candidates, id: \.id).compactMap { pack(note: $0, viewer: viewer) })
    }

    func usersReactions(_ params: FakeMisskeyParams, viewer: FakeMisskeyUser?) throws(FakeMisskeyError) -> HTTPResponse {
        guard let userId = try params.id("userId", required: true) else { throw .missingParam("userId") }
        let page = try params.page()
        guard let owner = users[userId] else { throw .noSuchUserForNotes }
        if !owner.publicReactions && viewer?.id != userId { throw .reactionsNotPublic }
        let own = reactions.of(userId)
        let packs = page.select(own, id: \.id).compactMap { reaction -> FakeMisskeyReactionPack? in
            guard let note = notes[reaction.noteId], isVisible(note, to: viewer), let packed = pack(note: note, viewer: viewer) else { return nil }
            return FakeMisskeyReactionPack(
                id: reaction.id, createdAt: Self.createdAt(of: reaction.id), user: pack(user: owner), type: reaction.reaction, note: packed)
        }
        return .json(200, packs)
    }

    func timeline(_ params: FakeMisskeyParams, viewer: FakeMisskeyUser) throws(FakeMisskeyError) -> HTTPResponse {
        let page = try params.page()
        let withRenotes = try params.bool("withRenotes", default: true)
        for flag in ["includeMyRenotes", "includeRenotedMyNotes", "includeLocalRenotes", "withFiles", "allowPartial"] {
            _ = try params.bool(flag, default: true)
        }
        let followed = follows[viewer.id, default: []].union([viewer.id])
        let candidates = followed.flatMap { index.notesByUser[$0, default: []] }.compactMap { notes[$0] }.filter { note in
            isVisible(note, to: viewer) && (withRenotes || !note.isPureRenote)
        }
        return .json(200, page.select(candidates, id: \.id).compactMap { pack(note: $0, viewer: viewer) })
    }

    /// `notes/show`: any note that exists, as the viewer sees it (one the viewer may not see is
    /// served hidden: `text` null, `isHidden`); one that does not exist, 400 `NO_SUCH_NOTE`.
    func showNote(_ params: FakeMisskeyParams, viewer: FakeMisskeyUser?) throws(FakeMisskeyError) -> HTTPResponse {
        guard let noteId = try params.id("noteId", required: true) else { throw .missingParam("noteId") }
        guard let note = notes[noteId], let packed = pack(note: note, viewer: viewer, hidden: !isVisible(note, to: viewer))
        else { throw .noSuchNoteToShow }
        return .json(200, packed)
    }

    /// The page of `limit` notifications is taken first, then filtered by type: pages can come back short.
    mutating func notificationsList(_ params: FakeMisskeyParams, of user: FakeMisskeyUser) throws(FakeMisskeyError) -> HTTPResponse {
        let page = try params.page()
        _ = try params.bool("markAsRead", default: true)
        let include = try params.strings("includeTypes", allowed: Self.notificationTypes)
        let exclude = try params.strings("excludeTypes", allowed: Self.notificationTypes)
        let own = index.notifications[user.id, default: []]
        let packs = page.select(own, id: \.id).compactMap { record -> FakeMisskeyNotificationPack? in
            if let include, !include.contains(record.type) { return nil }
            if let exclude, exclude.contains(record.type) { return nil }
            guard let note = notes[record.noteId], let notifier = users[record.notifierId],
                let packed = pack(note: note, viewer: user)
            else { return nil }
            return FakeMisskeyNotificationPack(
                id: record.id, createdAt: Self.createdAt(of: record.id), type: record.type, userId: notifier.id, user: pack(user: notifier),
                note: packed)
        }
        return .json(200, packs)
    }

    /// `packages/backend/src/types.ts` `notificationTypes`.
    static let notificationTypes = [
        "note", "follow", "mention", "reply", "renote", "quote", "reaction", "pollEnded", "receiveFollowRequest", "followRequestAccepted",
        "roleAssigned", "chatRoomInvitationReceived", "achievementEarned", "exportCompleted", "login", "createToken", "app", "test",
        "pollVote", "groupInvited",
    ]
}
