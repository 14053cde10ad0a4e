import CoreTestSupport
import FakeX
import Foundation
import Testing
import XAPI

@testable import MirrorBot
@testable import MirrorBotX

/// Whatever dialect X answers in, a retweet or a reply of the human never becomes an
/// original (and so never a repost).
@Suite("XNetwork reads the human's posts by kind in both of X's dialects")
struct XNetworkDialectTests {
    @Test("original, reply and retweet are stored as such, starting in the wrong dialect", arguments: XFieldDialect.allCases)
    func learnsEachKind(server dialect: XFieldDialect) async throws {
        let server = FakeXServer(settings: FakeXSettings(dialect: dialect))
        let human = server.addUser(id: "1", username: "human")
        server.addUser(id: "3", username: "friend")
        try server.start()
        defer { server.stop() }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let friends = server.addTweet(authorID: "3", text: "@human lunch?", createdAt: start)
        let original = server.addTweet(authorID: "1", text: "my own words", createdAt: start + 60)
        let reply = server.addTweet(authorID: "1", text: "@friend yes", createdAt: start + 120, inReplyToTweetID: friends)
        _ = server.addTweet(authorID: "1", text: "RT @friend: lunch?", createdAt: start + 180, retweetOf: friends)
        let switches = LogRecorder()
        let memory = XDialectMemory(dialect.other) { switches.logger.warning("x_dialect_switch", ["to": $0.to.rawValue]) }
        let network = XNetwork(
            credentials: human, configuration: XClientConfiguration(baseURL: server.baseURL, retryBaseDelay: .milliseconds(5)),
            dialects: memory)
        let posts = InMemoryPostStore()
        let cursors = InMemoryCursors()
        let learner = PostLearner(
            human: network, humanAccount: Account(id: "1", username: "human"), posts: posts, cursors: cursors, log: LogRecorder().logger)

        let result = try await learner.learnPosts(limit: 100)
        #expect(result.stored == 2 && result.retweets == 1)
        let stored = await posts.posts.sorted { $0.id < $1.id }
        #expect(stored.map(\.id) == [original, reply])
        #expect(stored.first?.isReply == false)
        #expect(stored.last?.inReplyToUserID == "3" && stored.last?.inReplyToScreenName == "friend")
        #expect(switches.events("x_dialect_switch").count == 1)
        #expect(memory.current == dialect)
    }

    static func page(_ json: String) throws -> XTweetPage {
        try JSONDecoder().decode(XTweetPage.self, from: Data(json.utf8))
    }

    @Test("a 2.167 reply named only through its referenced post in includes is a reply to that post's author")
    func replyThroughIncludes() throws {
        let page = try Self.page(#"""
            {"data":[{"id":"9","text":"@friend yes","author_id":"1","conversation_id":"8","referenced_posts":[{"type":"replied_to","id":"8"}],"edit_history_post_ids":["9"]}],
             "includes":{"users":[{"id":"1","username":"human","name":"H"},{"id":"3","username":"friend","name":"F"}],
                         "posts":[{"id":"8","text":"lunch?","author_id":"3","conversation_id":"8","edit_history_post_ids":["8"]}]}}
            """#)
        let post = try #require(XNetwork.posts(in: page).first)
        #expect(post.inReplyToUserID == "3" && post.inReplyToUsername == "friend")
        #expect(post.isOwnText && !post.isKindUnknown)
    }

    @Test("posts whose kind the answer does not show are never stored as originals")
    func unknownNotStored() async throws {
        // What a server of the other dialect that ignored the fields would send: the defaults only.
        let page = try Self.page(#"""
            {"data":[{"id":"9","text":"@friend yes","edit_history_post_ids":["9"]},
                     {"id":"10","text":"a reply whose target is nowhere","author_id":"1","conversation_id":"8","referenced_posts":[{"type":"replied_to","id":"8"}]}]}
            """#)
        let mapped = XNetwork.posts(in: page)
        #expect(mapped.allSatisfy { $0.isKindUnknown && !$0.isOwnText })
        let network = ScriptedNetwork()
        network.addPosts(mapped, of: "1")
        let posts = InMemoryPostStore()
        let cursors = InMemoryCursors()
        let log = LogRecorder()
        let learner = PostLearner(human: network, humanAccount: Account(id: "1", username: "human"), posts: posts, cursors: cursors, log: log.logger)
        let result = try await learner.learnPosts(limit: 100)
        #expect(result.stored == 0)
        #expect(await posts.posts.isEmpty)
        #expect(await cursors.cursors.isEmpty)
        #expect(log.events("posts_kind_unknown").count == 1)
    }
}
