import Dispatch
import FakeHTTP
import Foundation

/// A world for `fake-misskey --state FILE.json` (demo/misskey/seed.json is one).
public struct FakeMisskeySeed: Sendable, Decodable {
    public struct User: Sendable, Decodable {
        public var id: String
        public var username: String
        public var name: String?
        public var isBot: Bool?
        /// An app token with every permission mirror-bot uses.
        public var token: String?
        public var follows: [String]?

        enum CodingKeys: String, CodingKey {
            case id, username, name, token, follows
            case isBot = "is_bot"
        }
    }

    /// A note, oldest first; its id is an aidx whose time part is when it was made.
    public struct Note: Sendable, Decodable {
        public var id: String
        public var userId: String
        public var text: String?
        public var replyId: String?
        public var renoteId: String?
        public var visibility: String?
        /// Pictures attached in order, each a file of the author's drive served at its URL.
        public var files: [File]?

        enum CodingKeys: String, CodingKey {
            case id, text, visibility, files
            case userId = "user_id", replyId = "reply_id", renoteId = "renote_id"
        }
    }

    /// A picture of a note: its name, alt text (`comment`), flag and bytes (base64).
    public struct File: Sendable, Decodable {
        public var name: String
        public var comment: String?
        public var isSensitive: Bool?
        public var dataBase64: String

        enum CodingKeys: String, CodingKey {
            case name, comment
            case isSensitive = "is_sensitive", dataBase64 = "data_base64"
        }
    }

    public struct Reaction: Sendable, Decodable {
        public var id: String
        public var userId: String
        public var noteId: String
        public var reaction: String

        enum CodingKeys: String, CodingKey {
            case id, reaction
            case userId = "user_id", noteId = "note_id"
        }
    }

    /// Real seconds after the schedule starts: a note by `userId`, or their reaction (`react`: a note id).
    public struct Scheduled: Sendable, Decodable {
        public var afterSeconds: Double
        public var userId: String
        public var text: String?
        public var react: String?

        enum CodingKeys: String, CodingKey {
            case text, react
            case afterSeconds = "after_seconds", userId = "user_id"
        }
    }

    public var users: [User]
    public var notes: [Note]?
    public var reactions: [Reaction]?
    public var scheduled: [Scheduled]?
}

extension FakeMisskeyServer: FakeSeeded {
    /// Adds a seed's users (with their tokens and follows), notes and reactions; a note of no
    /// user, a note id that is not an aidx or a reaction to no note is an error naming it.
    public func load(_ seed: FakeMisskeySeed) throws {
        try world.withLock { world in
            for user in seed.users {
                world.register(FakeMisskeyUser(
                    id: user.id, username: user.username, name: user.name, isBot: user.isBot ?? false, description: nil,
                    publicReactions: true))
                if let token = user.token { world.tokens[token] = FakeMisskeyToken(userId: user.id, permissions: Self.allPermissions) }
                world.follows[user.id, default: []].formUnion(user.follows ?? [])
            }
            for note in seed.notes ?? [] {
                guard world.users[note.userId] != nil else { throw FakeSeedError("note \(note.id): no user \(note.userId)") }
                guard let date = FakeMisskeyID.date(of: note.id) else {
                    throw FakeSeedError("note \(note.id): not an aidx id (16 characters of [0-9a-z])")
                }
                var made = world.insertNote(
                    id: note.id, userId: note.userId, text: note.text, replyId: note.replyId, renoteId: note.renoteId,
                    visibility: note.visibility ?? "public", at: date)
                for file in note.files ?? [] {
                    guard let data = Data(base64Encoded: file.dataBase64) else { throw FakeSeedError("note \(note.id): file \(file.name) is not base64") }
                    made.fileIds.append(world.addDriveFile(
                        userId: note.userId, name: file.name, data: data, comment: file.comment, isSensitive: file.isSensitive ?? false, at: date
                    ).id)
                }
                world.notes[made.id] = made
            }
            for reaction in seed.reactions ?? [] {
                guard world.notes[reaction.noteId] != nil else {
                    throw FakeSeedError("reaction \(reaction.id): no note \(reaction.noteId)")
                }
                world.reactions.set(FakeMisskeyReaction(
                    id: reaction.id, userId: reaction.userId, noteId: reaction.noteId,
                    reaction: FakeMisskeyWorld.normalizedReaction(reaction.reaction)))
            }
        }
    }

    /// Plays `entries` in real time from now, on a queue of its own; `played` hears each with
    /// the id of the note it made (or reacted to).
    public func schedule(_ entries: [FakeMisskeySeed.Scheduled], played: @escaping @Sendable (FakeMisskeySeed.Scheduled, String) -> Void) {
        runEach(entries, after: \.afterSeconds, on: DispatchQueue(label: "fake-misskey schedule")) { server, entry in
            if let target = entry.react {
                server.addReaction(userId: entry.userId, noteId: target, reaction: "❤")
                played(entry, target)
            } else {
                played(entry, server.addNote(userId: entry.userId, text: entry.text))
            }
        }
    }
}
