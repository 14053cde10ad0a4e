import FakeMisskey
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

    static func all(_ stream: AsyncThrowingStream<[NetworkPost], any Error>) async throws -> [NetworkPost] {
        var posts: [NetworkPost] = []
        for try await page in stream { posts += page }
        return posts
    }

    @Test("me is the token's user")
    func me() async throws {
        let world = try World()
        #expect(try await world.bot.me() == Account(id: world.botID, username: "mirror"))
    }

    @Test("posts: newest first, MFM text kept, self-replies and replies with whom they answer, renotes flagged, private left out")
    func posts() async throws {
        let world = try World()
        let server = world.server
        let friendNote = server.addNote(userId: world.friendID, text: "hello")
        let original = server.addNote(userId: world.humanID, text: "**太字** と $[x2 大きい] <plain>**</plain>")
        let selfReply = server.addNote(userId: world.humanID, text: "続き", replyId: original)
        let reply = server.addNote(userId: world.humanID, text: "ありがとう", replyId: friendNote)
        let renote = server.addNote(userId: world.humanID, text: nil, renoteId: friendNote)
        server.addNote(userId: world.humanID, text: "フォロワーだけ", visibility: "followers")
        server.addNote(userId: world.humanID, text: "犯人は", cw: "ネタバレ")
        let posts = try await Self.all(world.human.posts(of: world.humanID, sinceID: nil, limit: 100))
        #expect(posts.map(\.id) == [renote, reply, selfReply, original])
        #expect(posts[3].text == "**太字** と $[x2 大きい] <plain>**</plain>")
        #expect(posts[2].inReplyToUserID == world.humanID)
        #expect(posts[1].inReplyToUserID == world.friendID && posts[1].inReplyToUsername == "friend")
        #expect(posts[0].isRetweet && !posts[0].isOwnText)
        #expect(posts.dropFirst().allSatisfy { $0.isOwnText })
        let newer = try await Self.all(world.human.posts(of: world.humanID, sinceID: selfReply, limit: 100))
        #expect(newer.map(\.id) == [renote, reply])
    }

    @Test("a walk of more than one page goes down by untilId and stops at the cursor, each note once, ending at an empty page")
    func paging() async throws {
        let world = try World()
        let ids = (0..<230).map { world.server.addNote(userId: world.humanID, text: "note \($0)") }
        let all = try await Self.all(world.human.posts(of: world.humanID, sinceID: ids[9], limit: 1000))
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
        let reply = server.addNote(userId: world.friendID, text: "@mirror 返信", replyId: botNote)
        let mention = server.addNote(userId: world.friendID, text: "@mirror やあ")
        let otherBot = server.addUser(username: "otherbot", isBot: true)
        server.addNote(userId: otherBot.id, text: "@mirror beep")
        let posts = try await Self.all(world.bot.mentions(of: world.botID, sinceID: old, limit: 100))
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
        let mention = world.server.addNote(userId: world.friendID, text: "@mirror おはよう", visibility: "home")
        let id = try await world.bot.post(text: "おはようございます", inReplyTo: mention)
        let note = try #require(world.server.note(id: id))
        #expect(note.replyId == mention)
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
            _ = try await world.bot.post(text: "boop", inReplyTo: botNote)
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
}
