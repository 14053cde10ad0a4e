import FakeX
import Foundation
import MirrorBot
import Postgres
import TestSupport
import Testing
import XAPI

/// The daemon harness on X: a fake X on loopback with a human, a bot and their
/// acquaintances (`NetworkDaemonHarness`: the schema, the history, the classifier).
final class DaemonHarness: NetworkDaemonHarness<FakeXServer> {
    static let human = "1", bot = "2", friend = "3", stranger = "4", foodie = "5", retweeter = "6"

    /// Builds the world: users, follows, the human's stored history, a trained classifier
    /// (in the Redis at `redisURL`, by default the suite's).
    func setUp(redisURL: String? = nil) async throws {
        let humanCredentials = server.addUser(id: Self.human, username: "human")
        let botCredentials = server.addUser(id: Self.bot, username: "mirror")
        server.addUser(id: Self.friend, username: "friend")
        server.addUser(id: Self.stranger, username: "stranger")
        server.addUser(id: Self.foodie, username: "foodie")
        server.addUser(id: Self.retweeter, username: "retweeter")
        try server.start()
        server.follow(Self.bot, Self.foodie)
        server.follow(Self.bot, Self.retweeter)
        try await prepare(friend: Self.friend, redisURL: redisURL, network: [
            "X_API_BASE_URL": server.baseURL.absoluteString,
            "HUMAN_CONSUMER_KEY": humanCredentials.consumerKey, "HUMAN_CONSUMER_SECRET": humanCredentials.consumerSecret,
            "HUMAN_ACCESS_TOKEN": humanCredentials.accessToken, "HUMAN_ACCESS_TOKEN_SECRET": humanCredentials.accessTokenSecret,
            "BOT_CONSUMER_KEY": botCredentials.consumerKey, "BOT_CONSUMER_SECRET": botCredentials.consumerSecret,
            "BOT_ACCESS_TOKEN": botCredentials.accessToken, "BOT_ACCESS_TOKEN_SECRET": botCredentials.accessTokenSecret,
        ]) { [server] post in
            server.addTweet(authorID: Self.human, text: post.text, createdAt: post.createdAt, inReplyToUserID: post.inReplyToUserID)
        }
    }

    var replies: [(text: String, target: String)] {
        server.writes.compactMap { if case .reply(_, _, let text, let target) = $0 { (text, target) } else { nil } }
    }

    var posts: [String] {
        server.writes.compactMap { if case .post(_, _, let text) = $0 { text } else { nil } }
    }

    var likes: [String] {
        server.writes.compactMap { if case .like(_, let tweet) = $0 { tweet } else { nil } }
    }
}

extension FakeXServer: DaemonFake {
    static let pollEndpoints = ["GET /2/users/:id/mentions", "GET /2/users/:id/timelines/reverse_chronological"]
    static let redisStem = "e2e"
    static func forDaemon() -> FakeXServer { FakeXServer() }
    func answered(_ endpoint: String) -> Int { requestCount(endpoint: endpoint) }
}

extension DaemonHarness: DaemonWriteLog {
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, likes.count, posts.count) }
    var writeCount: Int { server.writes.count }
    var postedTexts: [String] { posts }
    var replyTexts: [String] { replies.map(\.text) }
    func replied(to target: String) -> Bool { replies.contains { $0.target == target } }
}

extension DaemonHarness: ActivityPosting {
    var ramenText: String { "ラーメン屋の新作つけ麺が最高" }
    func post(as author: String, _ text: String, secondsAgo: Double, repostOf: String?) -> String {
        server.addTweet(authorID: author, text: text, createdAt: Date().addingTimeInterval(-secondsAgo), retweetOf: repostOf)
    }
}
extension DaemonHarness {
    /// The human's own posts of each kind, made while the daemon runs.
    struct HumanKinds { var original, reply, retweet: String }
    struct StoredKinds: Equatable { var original, reply, retweet: Int }

    /// The human posts an original (one the posting loop may pick), replies to the foodie's
    /// dull post (the foodie never mentions the bot) and retweets it.
    func addHumanKinds() -> HumanKinds {
        let foodie = server.addTweet(authorID: Self.foodie, text: "電車が遅延して会社に遅刻", createdAt: Date().addingTimeInterval(-90))
        return HumanKinds(
            original: server.addTweet(authorID: Self.human, text: "\(Self.humanOriginal) 新作", createdAt: Date().addingTimeInterval(-70)),
            reply: server.addTweet(authorID: Self.human, text: "@foodie 大変だね", createdAt: Date().addingTimeInterval(-60), inReplyToTweetID: foodie),
            retweet: server.addTweet(authorID: Self.human, text: "RT @foodie: 電車が遅延して会社に遅刻", createdAt: Date().addingTimeInterval(-50), retweetOf: foodie))
    }

    /// How the daemon stored them: the original without a reply target, the reply with the
    /// foodie as its target, the retweet (never) at all; waits up to 20 s for the learning loop.
    func storedKinds(_ kinds: HumanKinds) async throws -> StoredKinds {
        var stored = StoredKinds(original: 0, reply: 0, retweet: 0)
        for _ in 0..<40 {
            let original = try await connection.query(
                "SELECT count(*) AS n FROM posts WHERE id = \(kinds.original) AND in_reply_to_user_id IS NULL").first?.decode("n", as: Int.self)
            let reply = try await connection.query(
                "SELECT count(*) AS n FROM posts WHERE id = \(kinds.reply) AND in_reply_to_user_id = \(Self.foodie)").first?.decode("n", as: Int.self)
            let retweet = try await connection.query("SELECT count(*) AS n FROM posts WHERE id = \(kinds.retweet)").first?.decode("n", as: Int.self)
            stored = StoredKinds(original: original ?? -1, reply: reply ?? -1, retweet: retweet ?? -1)
            if stored.original == 1 && stored.reply == 1 { break }
            try await Task.sleep(for: .milliseconds(500))
        }
        return stored
    }
}

extension DaemonHarness: NetworkScenarioWorld {
    func setUpWorld() async throws { try await setUp() }
    func postActivity() -> Activity { addActivity() }
    var secretVariables: [String] { ["BOT_ACCESS_TOKEN_SECRET", "HUMAN_CONSUMER_SECRET"] }

    /// One app for both accounts, as X's developer portal gives.
    func loginEnvText() -> String {
        server.addApp(consumerKey: "ck-login", consumerSecret: "cs-login-secret")
        return "NETWORK=x\nX_API_BASE_URL=\(server.baseURL.absoluteString)\n"
            + ["HUMAN", "BOT"].map { "\($0)_CONSUMER_KEY=ck-login\n\($0)_CONSUMER_SECRET=cs-login-secret\n" }.joined()
    }

    func loginPerson() -> TerminalPerson.Answer {
        TerminalPerson.x { [server] role in server.signInBrowser(userID: role == "bot" ? Self.bot : Self.human) }
    }

    var replyTargets: [String] { replies.map(\.target) }
    var likedPosts: [String] { likes }

    func injectFaults() {
        server.setFaultProbability(1.0 / 3.0, fault: .serverError(status: 503))
        server.injectFault(.garbageBody, count: 3)
    }

    /// X's run through faults is checked by its replies and likes.
    func waitForWritesThroughFaults() async -> Bool { await waitFor(60) { replies.count >= 1 && likes.count >= 1 } }

    func expectWritesOnceThroughFaults() {
        #expect(replies.count == 1)
        #expect(likes.count == 1)
    }
}
