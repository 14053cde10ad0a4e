import FakeMastodon
import CoreTestSupport
import Foundation
import MastodonAPI
import MirrorBot
import MirrorBotMastodon
import Testing

@Suite("MastodonNetwork against the fake Mastodon")
struct MastodonNetworkTests {
    final class World: Sendable {
        let server = FakeMastodonServer()
        let human: MastodonNetwork
        let bot: MastodonNetwork

        init() throws {
            let humanToken = server.addAccount(id: "1", username: "human")
            let botToken = server.addAccount(id: "2", username: "mirror")
            server.addAccount(id: "3", username: "friend")
            try server.start()
            human = MastodonNetwork(baseURL: server.baseURL, token: humanToken)
            bot = MastodonNetwork(baseURL: server.baseURL, token: botToken, visibility: "private")
        }

        deinit { server.stop() }
    }


    @Test("me is the token's account")
    func me() async throws {
        let world = try World()
        #expect(try await world.bot.me() == Account(id: "2", username: "mirror"))
    }

    @Test("posts come as plain text, replies with whom they answer, boosts left out")
    func posts() async throws {
        let world = try World()
        let friendPost = world.server.addStatus(accountID: "3", text: "hello")
        let original = world.server.addStatus(accountID: "1", text: "Tom & Jerry <3\n\nsecond https://example.com/a/rather/long/path/to/something")
        let reply = world.server.addStatus(accountID: "1", text: "@friend thanks", inReplyToID: friendPost)
        _ = world.server.addStatus(accountID: "1", text: "", reblogOf: friendPost)
        let posts = try await allPosts(world.human.posts(of: "1", after: nil, limit: 100))
        #expect(posts.map(\.id) == [reply, original])
        #expect(posts[1].text == "Tom & Jerry <3\n\nsecond https://example.com/a/rather/long/path/to/something")
        #expect(posts[0].text == "@friend thanks")
        #expect(posts[0].inReplyToUserID == "3")
        #expect(posts[0].inReplyToUsername == "friend")
        #expect(posts[0].authorUsername == "human")
        #expect(posts.allSatisfy { !$0.isRetweet })

        let newer = try await allPosts(world.human.posts(of: "1", after: StreamPosition(original), limit: 100))
        #expect(newer.map(\.id) == [reply])
    }

    @Test("followers-only and direct statuses are never handed over as the human's posts, only as what the account sent; a warned one comes with its warning")
    func privatePostsLeftOut() async throws {
        let world = try World()
        let open = world.server.addStatus(accountID: "1", text: "everyone", visibility: "public")
        let quiet = world.server.addStatus(accountID: "1", text: "quietly", visibility: "unlisted")
        _ = world.server.addStatus(accountID: "1", text: "followers only", visibility: "private")
        _ = world.server.addStatus(accountID: "1", text: "@friend secret", visibility: "direct")
        let warned = world.server.addStatus(accountID: "1", text: "the butler did it", spoilerText: "spoilers")
        let posts = try await allPosts(world.human.posts(of: "1", after: nil, limit: 100))
        #expect(posts.map(\.id) == [warned, quiet, open])
        #expect(posts.map(\.warning) == [PostWarning(text: "spoilers", labels: [.sensitive]), nil, nil])
        // Where the account looks for what it sent (at a followers-only `visibility` too): every status.
        #expect(try await allPosts(world.human.sentPosts(of: "1", limit: 100)).count == 5)
    }

    @Test("a warned text of the human's goes out behind the same spoiler_text, marked sensitive; an unwarned one without")
    func warningCarried() async throws {
        let world = try World()
        var bot = world.bot
        bot.warningSource = FixedWarnings(["the butler did it": PostWarning(text: "finale spoilers", labels: [.sensitive])])
        let warned = try await bot.post(text: "the butler did it", inReplyTo: nil)
        let plain = try await bot.post(text: "good morning", inReplyTo: nil)
        #expect(world.server.status(id: warned)?.spoilerText == "finale spoilers")
        #expect(world.server.status(id: warned)?.sensitive == true)
        #expect(world.server.status(id: plain)?.spoilerText == "")
        #expect(world.server.status(id: plain)?.sensitive == false)
        // Labels alone (a Bluesky import's `nudity`): sensitive, no words of warning.
        bot.warningSource = FixedWarnings(["a statue": PostWarning(text: "", labels: [.nudity])])
        let labelled = try await bot.post(text: "a statue", inReplyTo: nil)
        #expect(world.server.status(id: labelled)?.spoilerText == "")
        #expect(world.server.status(id: labelled)?.sensitive == true)
    }

    @Test("the warning counts toward the 500 characters with the text, as on Mastodon")
    func warningCountsTowardLimit() async throws {
        let world = try World()
        var bot = world.bot
        let text = String(repeating: "a", count: 490)
        bot.warningSource = FixedWarnings([text: PostWarning(text: String(repeating: "w", count: 11))])
        await #expect(throws: NetworkError.self) { try await bot.post(text: text, inReplyTo: nil) }
    }

    @Test("the home timeline flags boosts")
    func home() async throws {
        let world = try World()
        world.server.follow("2", "3")
        let post = world.server.addStatus(accountID: "3", text: "ラーメン")
        let boost = world.server.addStatus(accountID: "3", text: "", reblogOf: post)
        let timeline = try await allPosts(world.bot.homeTimeline(of: "2", after: nil, limit: 100))
        #expect(timeline.map(\.id) == [boost, post])
        #expect(timeline.map(\.isRetweet) == [true, false])
    }

    @Test("mentions after a walk's position are the newer ones: the position is the newest notification's, not a status id")
    func mentions() async throws {
        let world = try World()
        let first = world.server.addStatus(accountID: "3", text: "@mirror one")
        let walked = try await readAll(world.bot.mentions(of: "2", after: nil, limit: 100))
        #expect(walked.posts.map(\.id) == [first])
        let position = try #require(walked.position)
        #expect(position.value.hasPrefix("notification:"))
        #expect(position != StreamPosition(first))
        let second = world.server.addStatus(accountID: "3", text: "@mirror two")
        let all = try await allPosts(world.bot.mentions(of: "2", after: nil, limit: 100))
        #expect(all.map(\.id) == [second, first])
        #expect(all.first?.authorUsername == "friend")
        let newer = try await readAll(world.bot.mentions(of: "2", after: position, limit: 800))
        #expect(newer.posts.map(\.id) == [second])
        #expect(try await allPosts(world.bot.mentions(of: "2", after: newer.position, limit: 800)).isEmpty)
    }

    @Test("a mention arriving late with an older status id is still served after a known position")
    func lateMention() async throws {
        let world = try World()
        let first = world.server.addStatus(accountID: "3", text: "@mirror local")
        let walked = try await readAll(world.bot.mentions(of: "2", after: nil, limit: 100))
        #expect(walked.posts.map(\.id) == [first])
        // A remote status whose id (from its published time) is older than the position, delivered now.
        let late = world.server.addStatus(id: "1000", accountID: "3", text: "@mirror from afar")
        let newer = try await allPosts(world.bot.mentions(of: "2", after: walked.position, limit: 800))
        #expect(newer.map(\.id) == [late])
        let query = world.server.requests.last?.query ?? ""
        #expect(query.contains("since_id="))
        #expect(!query.contains("since_id=\(first)"))
    }

    @Test("a bare status id stored for the mentions (the cursor before positions) is refused before any request; a status stream refuses a notification position")
    func stalePositions() async throws {
        let world = try World()
        let first = world.server.addStatus(accountID: "3", text: "@mirror one")
        let before = world.server.requests.count
        await #expect(throws: StreamPositionError.self) {
            _ = try await readAll(world.bot.mentions(of: "2", after: StreamPosition(first), limit: 800))
        }
        await #expect(throws: StreamPositionError.self) {
            _ = try await readAll(world.bot.homeTimeline(of: "2", after: "notification:1", limit: 800))
        }
        #expect(world.server.requests.count == before)
    }

    @Test("a reply to a mention names its author, with the configured visibility; likes favourite")
    func replyAndLike() async throws {
        let world = try World()
        let mention = world.server.addStatus(accountID: "3", text: "@mirror 元気？")
        let served = try #require(try await allPosts(world.bot.mentions(of: "2", after: nil, limit: 100)).first)
        let id = try await world.bot.post(text: "元気だよ", inReplyTo: served)
        let plain = try await world.bot.post(text: "ひとりごと", inReplyTo: nil)
        try await world.bot.like(postID: mention, as: "2")
        #expect(world.server.writes == [
            .reply(id: id, accountID: "2", text: "@friend 元気だよ", inReplyToID: mention),
            .post(id: plain, accountID: "2", text: "ひとりごと", visibility: "private"),
            .favourite(accountID: "2", statusID: mention),
        ])
    }

    @Test("the bot's reply as its own posts serve it back is recognised as the text sent; another text is not")
    func sentReplyFound() async throws {
        let world = try World()
        world.server.addStatus(accountID: "3", text: "@mirror 元気？")
        // Unlisted: the bot's own posts stream serves public and unlisted ones only.
        let bot = MastodonNetwork(client: world.bot.client)
        let served = try #require(try await allPosts(bot.mentions(of: "2", after: nil, limit: 100)).first)
        let id = try await bot.post(text: "元気だよ", inReplyTo: served)
        let own = try #require(try await allPosts(bot.posts(of: "2", after: nil, limit: 20)).first { $0.id == id })
        #expect(own.text != "元気だよ")
        #expect(bot.isSent("元気だよ", as: own))
        #expect(!bot.isSent("だよ", as: own))
        #expect(!bot.isSent("元気", as: own))
    }

    @Test("likes are the favourites, most recent first")
    func likes() async throws {
        let world = try World()
        let a = world.server.addStatus(accountID: "3", text: "a")
        let b = world.server.addStatus(accountID: "3", text: "b")
        world.server.addFavourite(accountID: "1", statusID: b)
        world.server.addFavourite(accountID: "1", statusID: a)
        let likes = try await allPosts(world.human.likes(of: "1", limit: 800))
        #expect(likes.map(\.id) == [a, b])
    }

    @Test("a rejected token is NetworkError.unauthorized")
    func unauthorized() async throws {
        let world = try World()
        let network = MastodonNetwork(baseURL: world.server.baseURL, token: "nope")
        await #expect(throws: NetworkError.unauthorized(endpoint: "GET /api/v1/accounts/verify_credentials", detail: "The access token is invalid")) {
            try await network.me()
        }
    }
}
