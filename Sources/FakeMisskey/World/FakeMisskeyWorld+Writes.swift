import FakeHTTP
import Foundation
import JSONLines
import MisskeyAPI

/// The writes: `notes/create` (with misskey.io's idempotency and bot rule) and `notes/reactions/create`.
extension FakeMisskeyWorld {
    static let visibilities = ["public", "home", "followers", "specified"]
    static let reactionAcceptances = [
        "likeOnly", "likeOnlyForRemote", "nonSensitiveOnly", "nonSensitiveOnlyForLocalLikeOnlyForRemote",
    ]
    /// misskey.io returns the note already made for the same body within this many seconds.
    static let idempotencyWindow: TimeInterval = 60

    mutating func createNote(_ params: FakeMisskeyParams, body: [String: JSONValue], by user: FakeMisskeyUser, now: Date)
        throws(FakeMisskeyError) -> HTTPResponse?
    {
        var visibility = try params.oneOf("visibility", Self.visibilities, default: "public") ?? "public"
        _ = try params.strings("visibleUserIds")
        let cw = try params.string("cw", nullable: true, minLength: 1, maxLength: 100)
        let localOnly = try params.bool("localOnly", default: false)
        _ = try params.oneOf("reactionAcceptance", Self.reactionAcceptances, default: nil, nullable: true)
        let replyId = try params.id("replyId", nullable: true)
        let renoteId = try params.id("renoteId", nullable: true)
        _ = try params.id("channelId", nullable: true)
        let fileIds = try params.strings("fileIds", maxItems: 16) ?? []
        if Set(fileIds).count != fileIds.count {
            throw .invalidParam("fileIds", keyword: "uniqueItems", reason: "must NOT have duplicate items")
        }
        let text = try params.string("text", nullable: true, minLength: 1, maxLength: CreateNote.maxTextLength)
        let hasText = text.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? false
        guard hasText || renoteId != nil || !fileIds.isEmpty || body["poll"].map({ $0 != .null }) == true else { throw .textRequired }

        let key = Self.idempotencyKey(user: user.id, body: body)
        if misskeyIO {
            if let remaining = inFlight[key], remaining > 0 {
                inFlight[key] = remaining - 1
                throw .processing
            }
            if let earlier = idempotency[key], now.timeIntervalSince(earlier.at) < Self.idempotencyWindow,
                let note = notes[earlier.noteId], let packed = pack(note: note, viewer: user)
            {
                return .json(200, FakeMisskeyCreatedPack(createdNote: packed))
            }
        }
        var replyAuthor: FakeMisskeyUser?
        if let replyId {
            guard let target = notes[replyId], isVisible(target, to: user) else { throw .noSuchReplyTarget }
            if target.isPureRenote { throw .cannotReplyToPureRenote }
            replyAuthor = users[target.userId]
            if misskeyIO, user.isBot, let author = replyAuthor, author.isBot, author.id != user.id { throw .replyToBotNotAllowed }
            // NoteCreateService: a public reply to a note that is not public becomes home.
            if visibility == "public" && target.visibility != "public" { visibility = "home" }
        }
        if let renoteId { guard let target = notes[renoteId], isVisible(target, to: user) else { throw .noSuchRenoteTarget } }
        _ = try ownFiles(fileIds, of: user)
        var note = insertNote(
            userId: user.id, text: text?.trimmingCharacters(in: .whitespacesAndNewlines), cw: cw, replyId: replyId, renoteId: renoteId,
            visibility: visibility, localOnly: localOnly, at: now)
        note.fileIds = fileIds
        notes[note.id] = note
        if misskeyIO { idempotency[key] = (note.id, now) }
        if let replyId {
            wrote(.reply(id: note.id, userId: user.id, replyId: replyId, text: note.text ?? "", visibility: note.visibility))
        } else {
            wrote(.note(id: note.id, userId: user.id, text: note.text ?? "", visibility: note.visibility, fileIds: fileIds))
        }
        if let repeats = processingRepeats {
            // Made, but the answer is lost; the repeats that follow find it in flight.
            processingRepeats = nil
            inFlight[key] = repeats
            return nil
        }
        guard let packed = pack(note: note, viewer: user) else { throw .noSuchUser }
        return .json(200, FakeMisskeyCreatedPack(createdNote: packed))
    }

    /// Stores a note and notifies: the replied-to author of a `reply`, each other user the text
    /// mentions of a `mention` (one notification per recipient: the reply wins).
    @discardableResult
    mutating func insertNote(
        id given: String? = nil, userId: String, text: String?, cw: String? = nil, replyId: String? = nil, renoteId: String? = nil,
        visibility: String, localOnly: Bool = false, at date: Date
    ) -> FakeMisskeyNote {
        let id = given ?? ids.make(at: date)
        var mentioned = Self.mentionedUsernames(in: text ?? "").compactMap { name in
            index.userId(named: name)
        }
        let replyAuthor = replyId.flatMap { notes[$0]?.userId }
        if let replyAuthor, !mentioned.contains(replyAuthor) { mentioned.insert(replyAuthor, at: 0) }
        var unique: [String] = []
        for id in mentioned where !unique.contains(id) { unique.append(id) }
        let note = FakeMisskeyNote(
            id: id, userId: userId, text: text, cw: cw, replyId: replyId, renoteId: renoteId, visibility: visibility, mentions: unique,
            localOnly: localOnly)
        if let earlier = notes[id] { index.removed(earlier) }
        notes[id] = note
        index.added(note)
        if let replyAuthor, replyAuthor != userId {
            index.added(FakeMisskeyNotificationRecord(id: ids.make(at: date), recipientId: replyAuthor, type: "reply", noteId: id, notifierId: userId))
        }
        for recipient in unique where recipient != userId && recipient != replyAuthor {
            index.added(FakeMisskeyNotificationRecord(id: ids.make(at: date), recipientId: recipient, type: "mention", noteId: id, notifierId: userId))
        }
        return note
    }

    mutating func react(_ params: FakeMisskeyParams, by user: FakeMisskeyUser, now: Date) throws(FakeMisskeyError) -> HTTPResponse {
        guard let noteId = try params.id("noteId", required: true) else { throw .missingParam("noteId") }
        guard let given = try params.string("reaction", required: true) else { throw .missingParam("reaction") }
        guard let note = notes[noteId], isVisible(note, to: user) else { throw .noSuchNoteToReact }
        if note.isPureRenote { throw .cannotReactToRenote }
        let reaction = Self.normalizedReaction(given)
        if reactions.of(user.id, on: noteId)?.reaction == reaction { throw .alreadyReacted }
        reactions.set(FakeMisskeyReaction(id: ids.make(at: now), userId: user.id, noteId: noteId, reaction: reaction))
        wrote(.reaction(userId: user.id, noteId: noteId, reaction: reaction))
        return HTTPResponse(status: 204)
    }

    /// What `ReactionService` stores: a Unicode emoji without U+FE0F, a legacy name as its
    /// emoji, and anything else (unknown custom emoji, plain text) as ❤.
    static func normalizedReaction(_ reaction: String) -> String {
        let legacy = ["like": "👍", "love": "❤", "laugh": "😆", "hmm": "🤔", "surprise": "😮", "congrats": "🎉", "angry": "💢",
                      "confused": "😥", "rip": "😇", "pudding": "🍮", "star": "⭐"]
        if let emoji = legacy[reaction] { return emoji }
        let stripped = String(String.UnicodeScalarView(reaction.unicodeScalars.filter { $0 != "\u{FE0F}" }))
        let isEmoji = stripped.count == 1 && stripped.unicodeScalars.contains { !$0.isASCII && $0.properties.isEmoji }
        return isEmoji ? stripped : "❤"
    }

    /// `@name` as MFM reads a mention: not after a letter or digit, `[a-zA-Z0-9_-]+`, a remote
    /// `@name@host` left out (the fake has no remote users); trailing `-` trimmed.
    static func mentionedUsernames(in text: String) -> [String] {
        var names: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
        }
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "@" else { continue }
            if index > 0, scalars[index - 1].isASCII, scalars[index - 1].properties.isAlphabetic || ("0"..."9").contains(scalars[index - 1]) {
                continue
            }
            var end = index + 1
            while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
            var name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            while name.hasSuffix("-") { name.removeLast() }
            if end < scalars.count, scalars[end] == "@" { index = end; continue }
            if !name.isEmpty { names.append(name) }
            index = end - 1
        }
        return names
    }

    /// misskey.io hashes the request's parameters: the same user and body are the same note.
    static func idempotencyKey(user: String, body: [String: JSONValue]) -> String {
        var params = body
        params["i"] = nil
        // Compact JSON, keys sorted: the same parameters give the same text.
        return user + "\u{1F}" + JSONValue.object(params).json
    }
}

/// `notes/delete`, and a note's removal as Misskey makes it.
extension FakeMisskeyWorld {
    /// Deletes the caller's own note (`ACCESS_DENIED` for another's: the fake has no moderators).
    mutating func deleteNote(_ params: FakeMisskeyParams, by user: FakeMisskeyUser) throws(FakeMisskeyError) -> HTTPResponse {
        guard let noteId = try params.id("noteId", required: true) else { throw .missingParam("noteId") }
        guard let note = notes[noteId] else { throw .noSuchNoteToDelete }
        guard note.userId == user.id else { throw .accessDenied }
        removeNote(noteId)
        wrote(.delete(id: noteId, userId: user.id))
        return HTTPResponse(status: 204)
    }

    /// `NoteDeleteService`: the note goes, with its pure renotes and the reactions to it;
    /// replies to it stay (their `reply` is no longer packed); notifications about it are no
    /// longer served (the list skips a note that is gone).
    mutating func removeNote(_ id: String) {
        let renotes = (index.renotes[id] ?? []).filter { notes[$0]?.isPureRenote == true }
        for gone in [id] + renotes {
            guard let note = notes.removeValue(forKey: gone) else { continue }
            index.removed(note)
            reactions.removeAll(on: gone)
        }
    }
}
