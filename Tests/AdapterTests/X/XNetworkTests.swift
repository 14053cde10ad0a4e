import FakeX
import CoreTestSupport
import Foundation
import Testing
import XAPI

@testable import MirrorBot
import MirrorBotX

@Suite("XNetwork maps X API v2 onto the SocialNetwork seam")
struct XNetworkTests {
    /// `FAKE_X_DIALECT` (`tweet.fields` by default, or `post.fields`): CI runs the suite in both.
    static let dialect = ProcessInfo.processInfo.environment["FAKE_X_DIALECT"].flatMap(XFieldDialect.init(rawValue:)) ?? .tweetFields
    let server = FakeXServer(settings: FakeXSettings(dialect: XNetworkTests.dialect))
    let human: OAuthCredentials
    let bot: OAuthCredentials

    init() throws {
        human = server.addUser(id: "1", username: "human")
        bot = server.addUser(id: "2", username: "bot")
        server.addUser(id: "3", username: "friend")
        try server.start()
    }

    func network(_ credentials: OAuthCredentials) -> XNetwork {
        XNetwork(
            credentials: credentials,
            configuration: XClientConfiguration(baseURL: server.baseURL, retryBaseDelay: .milliseconds(5)),
            dialects: XDialectMemory(Self.dialect))
    }


    @Test("me, posts with names, replies and retweets")
    func posts() async throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let original = server.addTweet(authorID: "3", text: "fish & chips <3 @human", createdAt: start)
        let reply = server.addTweet(authorID: "1", text: "@friend yes", createdAt: start + 60, inReplyToTweetID: original)
        let retweet = server.addTweet(authorID: "1", text: "RT @friend: fish", createdAt: start + 120, retweetOf: original)
        let network = network(human)
        #expect(try await network.me() == Account(id: "1", username: "human"))
        let posts = try await allPosts(network.posts(of: "1", after: nil, limit: 3200))
        #expect(posts == [
            NetworkPost(id: retweet, text: "RT @friend: fish", createdAt: start + 120, authorID: "1", authorUsername: "human", isRetweet: true),
            NetworkPost(
                id: reply, text: "@friend yes", createdAt: start + 60, authorID: "1", authorUsername: "human",
                inReplyToUserID: "3", inReplyToUsername: "friend", inReplyToPostID: original),
        ])
        let mentions = try await allPosts(network.mentions(of: "1", after: nil, limit: 10))
        #expect(mentions.map(\.text) == ["fish & chips <3 @human"])
        #expect(mentions.first?.authorUsername == "friend")
        #expect(try await allPosts(network.posts(of: "1", after: StreamPosition(reply), limit: 10)).map(\.id) == [retweet])
    }

    @Test("profiles: GET /2/users?ids= with user.fields=description, 100 at most; an unknown user is left out; a 503 throws")
    func profiles() async throws {
        server.setDescription(userID: "3", "写真と猫 #NoBot")
        let network = network(bot)
        #expect(network.profileBatchSize == 100)
        #expect(try await network.profileDescriptions(of: ["1", "3", "999", "not-an-id"]) == ["1": "", "3": "写真と猫 #NoBot"])
        let lookups = server.requests.filter { $0.endpoint == "GET /2/users" }
        #expect(lookups.count == 1 && lookups.allSatisfy { $0.status == 200 })
        // The bio is served only when asked for: the mention stream's users carry none.
        server.injectFault(.serverError(status: 503), count: 10, endpoint: "GET /2/users")
        await #expect(throws: NetworkError.self) { _ = try await network.profileDescriptions(of: ["3"]) }
    }

    @Test("a walk's position is the newest post's id (what cursors held before positions), and reading from it serves only newer posts")
    func positions() async throws {
        let first = server.addTweet(authorID: "1", text: "one", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let second = server.addTweet(authorID: "1", text: "two", createdAt: Date(timeIntervalSince1970: 1_700_000_060))
        let network = network(human)
        let read = try await readAll(network.posts(of: "1", after: nil, limit: 100))
        #expect(read.posts.map(\.id) == [second, first])
        #expect(read.position == StreamPosition(second))
        let third = server.addTweet(authorID: "1", text: "three", createdAt: Date(timeIntervalSince1970: 1_700_000_120))
        let again = try await readAll(network.posts(of: "1", after: read.position, limit: 100))
        #expect(again.posts.map(\.id) == [third])
        #expect(again.position == StreamPosition(third))
        // Nothing newer: no page, no position (the stored one stays).
        let none = try await readAll(network.posts(of: "1", after: again.position, limit: 100))
        #expect(none.posts.isEmpty && none.position == nil)
    }

    @Test("a stored position that is not an X id (another network's) is refused before any request")
    func foreignPosition() async throws {
        let network = network(human)
        let before = server.requests.count
        await #expect(throws: StreamPositionError.self) {
            _ = try await readAll(network.mentions(of: "1", after: "notification:5", limit: 10))
        }
        #expect(server.requests.count == before)
    }

    @Test("post, reply, like, and the refusals as NetworkError")
    func writes() async throws {
        let mention = server.addTweet(authorID: "3", text: "hi @bot")
        let network = network(bot)
        let id = try await network.post(text: "hello", inReplyTo: nil)
        let replyID = try await network.post(
            text: "@friend hi", inReplyTo: NetworkPost(id: mention, text: "hi @bot", createdAt: Date(), authorID: "3"))
        try await network.like(postID: mention, as: "2")
        #expect(server.writes == [
            .post(id: id, authorID: "2", text: "hello"),
            .reply(id: replyID, authorID: "2", text: "@friend hi", inReplyToTweetID: mention),
            .like(userID: "2", tweetID: mention),
        ])
        await #expect(throws: NetworkError.duplicateContent) { _ = try await network.post(text: "hello", inReplyTo: nil) }
        server.configure { $0.likesForbidden = true }
        let error = await #expect(throws: NetworkError.self) { try await network.like(postID: mention, as: "2") }
        guard case .likesNotPermitted = error else {
            Issue.record("expected likesNotPermitted, got \(String(describing: error))")
            return
        }
        var wrong = bot
        wrong.accessTokenSecret = "nope"
        let unauthorized = await #expect(throws: NetworkError.self) { _ = try await self.network(wrong).me() }
        guard case .unauthorized(let endpoint, _) = unauthorized else {
            Issue.record("expected unauthorized, got \(String(describing: unauthorized))")
            return
        }
        #expect(endpoint == "GET /2/users/me")
    }

    @Test("likes and the home timeline page until the limit")
    func lists() async throws {
        server.follow("1", "3")
        let ids = (0..<7).map { server.addTweet(authorID: "3", text: "post \($0)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double($0))) }
        ids.forEach { server.addLike(userID: "1", tweetID: $0) }
        let network = XNetwork(
            client: XClient(
                credentials: human, configuration: XClientConfiguration(baseURL: server.baseURL), dialects: XDialectMemory(Self.dialect)),
            pageSize: 5)
        #expect(try await allPosts(network.likes(of: "1", limit: 6)).map(\.id) == Array(ids.reversed().prefix(6)))
        #expect(try await allPosts(network.homeTimeline(of: "1", after: StreamPosition(ids[4]), limit: 100)).map(\.id) == [ids[6], ids[5]])
    }
}
