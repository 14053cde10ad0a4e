import FakeMisskey
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotMisskey
import MisskeyAPI
import Testing

@Suite("MisskeyNetwork against the fake Misskey")
struct MisskeyNetworkTests {
    final class World: Sendable {
        let server = FakeMisskeyServer()
        let human: MisskeyNetwork
        let bot: MisskeyNetwork
        let humanID: String
        let botID: String
        let friendID: String

        init(visibility: String = "home") throws {
            let human = server.addUser(username: "human")
            let bot = server.addUser(username: "mirror", isBot: true)
            friendID = server.addUser(username: "friend").id
            humanID = human.id
            botID = bot.id
            try server.start()
            self.human = MisskeyNetwork(baseURL: server.baseURL, token: human.token)
            self.bot = MisskeyNetwork(baseURL: server.baseURL, token: bot.token, visibility: visibility)
        }

        deinit { server.stop() }
    }

    static func all<Page: PostPage>(_ stream: AsyncThrowingStream<Page, any Error>) async throws -> [NetworkPost] {
        try await allPosts(stream)
    }

    /// A post as a stream serves it, for a reply: the id is all a Misskey reply needs.
    static func served(_ id: String, by authorID: String) -> NetworkPost {
        NetworkPost(id: id, text: "", createdAt: Date(timeIntervalSince1970: 0), authorID: authorID)
    }

    @Test("a warned text of the human's goes out behind a cw; labels alone named as the cw; a long warning cut to 100 characters")
    func warningCarried() async throws {
        let world = try World()
        var bot = world.bot
        let long = String(repeating: "長", count: 120)
        bot.warningSource = FixedWarnings([
            "犯人は執事": PostWarning(text: "ネタバレ"), "彫像の写真": PostWarning(text: "", labels: [.nudity]),
            "長い注意": PostWarning(text: long),
        ])
        #expect(world.server.note(id: try await bot.post(text: "犯人は執事", inReplyTo: nil))?.cw == "ネタバレ")
        #expect(world.server.note(id: try await bot.post(text: "彫像の写真", inReplyTo: nil))?.cw == "nudity")
        #expect(world.server.note(id: try await bot.post(text: "長い注意", inReplyTo: nil))?.cw == String(long.prefix(99)) + "…")
        #expect(world.server.note(id: try await bot.post(text: "おはよう", inReplyTo: nil))?.cw == nil)
    }

    @Test("me is the token's user")
    func me() async throws {
        let world = try World()
        #expect(try await world.bot.me() == Account(id: world.botID, username: "mirror"))
    }

    @Test("posts: newest first, MFM text kept, self-replies and replies with whom they answer, renotes flagged, private left out (kept among what it sent)")
    func posts() async throws {
        let world = try World()
        let server = world.server
        let friendNote = server.addNote(userId: world.friendID, text: "hello")
        let original = server.addNote(userId: world.humanID, text: "**太字** と $[x2 大きい] <plain>**</plain>")
        let selfReply = server.addNote(userId: world.humanID, text: "続き", replyId: original)
        let reply = server.addNote(userId: world.humanID, text: "ありがとう", replyId: friendNote)
        let renote = server.addNote(userId: world.humanID, text: nil, renoteId: friendNote)
        let followersOnly = server.addNote(userId: world.humanID, text: "フォロワーだけ", visibility: "followers")
        let warned = server.addNote(userId: world.humanID, text: "犯人は", cw: "ネタバレ")
        // Where the account looks for what it sent (at a followers-only `visibility` too): every note.
        let sent = try await Self.all(world.human.sentPosts(of: world.humanID, limit: 100))
        #expect(sent.map(\.id) == [warned, followersOnly, renote, reply, selfReply, original])
        var posts = try await Self.all(world.human.posts(of: world.humanID, after: nil, limit: 100))
        // A warned note comes with its `cw` (issue 40).
        #expect(posts.first?.id == warned && posts.first?.warning == PostWarning(text: "ネタバレ"))
        posts.removeFirst()
        #expect(posts.allSatisfy { $0.warning == nil })
        #expect(posts.map(\.id) == [renote, reply, selfReply, original])
        #expect(posts[3].text == "**太字** と $[x2 大きい] <plain>**</plain>")
        #expect(posts[2].inReplyToUserID == world.humanID)
        #expect(posts[1].inReplyToUserID == world.friendID && posts[1].inReplyToUsername == "friend")
        #expect(posts[0].isRetweet && !posts[0].isOwnText)
        #expect(posts.dropFirst().allSatisfy { $0.isOwnText })
        let newer = try await Self.all(world.human.posts(of: world.humanID, after: StreamPosition(selfReply), limit: 100))
        #expect(newer.map(\.id) == [warned, renote, reply])
    }

    @Test("a walk of more than one page goes down by untilId and stops at the cursor, each note once, ending at an empty page")
    func paging() async throws {
        let world = try World()
        let ids = (0..<230).map { world.server.addNote(userId: world.humanID, text: "note \($0)") }
        let all = try await Self.all(world.human.posts(of: world.humanID, after: StreamPosition(ids[9]), limit: 1000))
        #expect(all.map(\.id) == Array(ids[10...].reversed()))
        // 100, 100, 20 and the empty page that ends the walk (a short page need not be the last).
        #expect(world.server.requestCount(endpoint: "POST /api/users/notes") == 4)
    }

    @Test("mentions and replies come once each, newest first, down to the cursor; notes by bots are left out")
    func mentions() async throws {
        let world = try World()
        let server = world.server
        let botNote = server.addNote(userId: world.botID, text: "bot says")
        let old = server.addNote(userId: world.friendID, text: "@mirror 古い")
        let first = try await readAll(world.bot.mentions(of: world.botID, after: nil, limit: 100))
        #expect(first.posts.map(\.id) == [old])
        let position = try #require(first.position)
        let reply = server.addNote(userId: world.friendID, text: "@mirror 返信", replyId: botNote)
        let mention = server.addNote(userId: world.friendID, text: "@mirror やあ")
        let otherBot = server.addUser(username: "otherbot", isBot: true)
        server.addNote(userId: otherBot.id, text: "@mirror beep")
        let posts = try await Self.all(world.bot.mentions(of: world.botID, after: position, limit: 100))
        #expect(posts.map(\.id) == [mention, reply])
        #expect(posts[1].inReplyToUserID == world.botID)
        let requests = server.requests.filter { $0.endpoint == "POST /api/i/notifications" }
        let body = try #require(requests.first?.body)
        let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(sent["includeTypes"] as? [String] == ["mention", "reply"])
    }

    @Test("a reply goes out with replyId at the configured visibility; the server may lower it; a repeat within 60 s is one note")
    func reply() async throws {
        let world = try World(visibility: "public")
        let mentionID = world.server.addNote(userId: world.friendID, text: "@mirror おはよう", visibility: "home")
        let mention = try #require(try await firstPage(world.bot.mentions(of: world.botID, after: nil, limit: 10)).first)
        #expect(mention.id == mentionID)
        let id = try await world.bot.post(text: "おはようございます", inReplyTo: mention)
        let note = try #require(world.server.note(id: id))
        #expect(note.replyId == mentionID)
        #expect(note.visibility == "home")
        let again = try await world.bot.post(text: "おはようございます", inReplyTo: mention)
        #expect(again == id)
        #expect(world.server.notes(of: world.botID).count == 1)
        // A lost answer, a repeat in flight (202), then the note made: still one.
        world.server.injectProcessing(repeats: 1)
        let lost = try await world.bot.post(text: "こんにちは", inReplyTo: nil)
        #expect(world.server.notes(of: world.botID).map(\.id) == [id, lost])
    }

    @Test("a like is the configured reaction; liking twice is no error; REPLY_TO_BOT_NOT_ALLOWED is a refused reply")
    func likeAndRefusals() async throws {
        let world = try World()
        let note = world.server.addNote(userId: world.friendID, text: "いいね")
        try await world.bot.like(postID: note, as: world.botID)
        try await world.bot.like(postID: note, as: world.botID)
        #expect(world.server.reactions(of: world.botID).map(\.reaction) == ["❤"])
        let custom = MisskeyNetwork(client: world.bot.client, reaction: "👍")
        let other = world.server.addNote(userId: world.friendID, text: "もう一つ")
        try await custom.like(postID: other, as: world.botID)
        #expect(world.server.reactions(of: world.botID).map(\.reaction) == ["❤", "👍"])
        let otherBot = world.server.addUser(username: "otherbot", isBot: true)
        let botNote = world.server.addNote(userId: otherBot.id, text: "beep")
        await #expect(throws: NetworkError.replyNotPermitted(detail: "REPLY_TO_BOT_NOT_ALLOWED: Replying to another bot account is not allowed.")) {
            _ = try await world.bot.post(text: "boop", inReplyTo: Self.served(botNote, by: otherBot.id))
        }
    }

    @Test("the human's likes are their reactions; private reactions are refused, saying what to do instead")
    func likes() async throws {
        let world = try World()
        let a = world.server.addNote(userId: world.friendID, text: "a")
        world.server.addReaction(userId: world.humanID, noteId: a, reaction: "🎉")
        let likes = try await Self.all(world.bot.likes(of: world.humanID, limit: 10))
        #expect(likes.map(\.id) == [a])
        world.server.updateUser(world.humanID, publicReactions: false)
        do {
            _ = try await Self.all(world.bot.likes(of: world.humanID, limit: 10))
            Issue.record("private reactions listed")
        } catch let error as NetworkError {
            #expect(error.description.contains("REACTIONS_NOT_PUBLIC"))
            #expect(error.description.contains("notes export"))
        }
        // The human's own token still reads them.
        #expect(try await Self.all(world.human.likes(of: world.humanID, limit: 10)).count == 1)
    }

    @Test("a note stream's position is the newest note served, even one the filter left out; a walk with nothing newer names none")
    func notePositions() async throws {
        let world = try World()
        let shown = world.server.addNote(userId: world.humanID, text: "見える")
        let hidden = world.server.addNote(userId: world.humanID, text: "フォロワーだけ", visibility: "followers")
        let walked = try await readAll(world.human.posts(of: world.humanID, after: nil, limit: 100))
        #expect(walked.posts.map(\.id) == [shown])
        #expect(walked.position == StreamPosition(hidden))
        let again = try await readAll(world.human.posts(of: world.humanID, after: walked.position, limit: 100))
        #expect(again.posts.isEmpty && again.position == nil)
        let newer = world.server.addNote(userId: world.humanID, text: "新しい")
        let next = try await readAll(world.human.posts(of: world.humanID, after: walked.position, limit: 100))
        #expect(next.posts.map(\.id) == [newer] && next.position == StreamPosition(newer))
    }

    @Test("a mentions position is a notification's: a walk past notes by bots still moves it, and a later walk serves only what is newer")
    func mentionPositions() async throws {
        let world = try World()
        let first = world.server.addNote(userId: world.friendID, text: "@mirror 一")
        let walked = try await readAll(world.bot.mentions(of: world.botID, after: nil, limit: 100))
        #expect(walked.posts.map(\.id) == [first])
        let position = try #require(walked.position)
        #expect(position.value.hasPrefix("notification:") && position != StreamPosition(first))
        let otherBot = world.server.addUser(username: "otherbot", isBot: true)
        world.server.addNote(userId: otherBot.id, text: "@mirror beep")
        let past = try await readAll(world.bot.mentions(of: world.botID, after: position, limit: 100))
        #expect(past.posts.isEmpty)
        let moved = try #require(past.position)
        #expect(moved != position)
        let second = world.server.addNote(userId: world.friendID, text: "@mirror 二")
        #expect(try await Self.all(world.bot.mentions(of: world.botID, after: moved, limit: 100)).map(\.id) == [second])
    }

    @Test("profiles: users/show with userIds, 100 at most; unknown users left out; a bio without description is empty")
    func profiles() async throws {
        let world = try World()
        world.server.updateUser(world.friendID, description: "絵を描いています #NoAI")
        #expect(world.bot.profileBatchSize == 100)
        let unknown = "9zzzzzzzzz000000"
        let read = try await world.bot.profileDescriptions(of: [world.friendID, world.humanID, world.friendID, unknown, "bad id!"])
        #expect(read == [world.friendID: "絵を描いています #NoAI", world.humanID: ""])
        #expect(world.server.requests.filter { $0.endpoint == "POST /api/users/show" }.map(\.status) == [200])
        world.server.injectFault(.serverError(status: 503), count: 10, endpoint: "POST /api/users/show")
        await #expect(throws: NetworkError.self) { _ = try await world.bot.profileDescriptions(of: [world.friendID]) }
    }

    @Test("take-backs: a note gone is missing (notes/show NO_SUCH_NOTE), one there or hidden is not; a 5xx or 429 throws, never missing; the bot deletes its own note once")
    func takeBacks() async throws {
        let world = try World()
        let kept = world.server.addNote(userId: world.humanID, text: "残る")
        let privateNote = world.server.addNote(userId: world.humanID, text: "内緒", visibility: "specified")
        let gone = world.server.addNote(userId: world.humanID, text: "消える")
        world.server.deleteNote(id: gone)
        #expect(world.human.lookupBatchSize == 1)
        #expect(try await world.human.missingPosts(among: [kept, privateNote, gone]) == [gone])
        // The bot's own lookups see another's specified note hidden: still there, not missing.
        #expect(try await world.bot.missingPosts(among: [privateNote]).isEmpty)

        world.server.injectFault(.serverError(status: 503), count: 10, endpoint: "POST /api/notes/show")
        await #expect(throws: NetworkError.self) { _ = try await world.human.missingPosts(among: [gone]) }
        let copy = try await world.bot.post(text: "コピー", inReplyTo: nil)
        try await world.bot.deletePost(id: copy)
        #expect(world.server.note(id: copy) == nil)
        try await Task.sleep(for: .milliseconds(1100))  // notes/delete: one a second
        try await world.bot.deletePost(id: copy)  // gone already: done, no second deletion
        #expect(world.server.writes.filter { if case .delete = $0 { true } else { false } }.count == 1)
        // Another's note is refused (ACCESS_DENIED): that throws.
        try await Task.sleep(for: .milliseconds(1100))
        await #expect(throws: NetworkError.self) { try await world.bot.deletePost(id: kept) }
        #expect(world.server.note(id: kept) != nil)
        // The hour's deletions spent (429): throws, the copy stays.
        world.server.setRateLimit(endpoint: "notes/delete", max: 0, duration: 3600)
        let second = try await world.bot.post(text: "コピー2", inReplyTo: nil)
        await #expect(throws: NetworkError.self) { try await world.bot.deletePost(id: second) }
        #expect(world.server.note(id: second) != nil)
    }

    @Test("an unreadable stored position is refused before any request: a bare note id for the mentions, a notification position or a foreign one for a note stream")
    func unreadablePositions() async throws {
        let world = try World()
        let note = world.server.addNote(userId: world.friendID, text: "@mirror やあ")
        let stale: [(String, () -> AsyncThrowingStream<StreamPage, any Error>)] = [
            ("mentions after a note id", { world.bot.mentions(of: world.botID, after: StreamPosition(note), limit: 10) }),
            ("mentions after an empty notification id", { world.bot.mentions(of: world.botID, after: "notification:", limit: 10) }),
            ("posts after a notification position", { world.human.posts(of: world.humanID, after: StreamPosition("notification:" + note), limit: 10) }),
            ("home after a Bluesky-like position", { world.bot.homeTimeline(of: world.botID, after: "1700000000.123 at://x", limit: 10) }),
        ]
        for (name, walk) in stale {
            await #expect(throws: StreamPositionError.self, "\(name)") { _ = try await readAll(walk()) }
        }
        #expect(world.server.requests.isEmpty)
    }
}
