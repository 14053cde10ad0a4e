import FakeMastodon
import Foundation
import MirrorBot
import TestSupport
import Testing

/// The daemon harness on Mastodon: `mirror-bot start` with NETWORK=mastodon against a
/// fake Mastodon on loopback (`NetworkDaemonHarness`: the schema, the history, the classifier).
final class MastodonDaemonHarness: NetworkDaemonHarness<FakeMastodonServer> {
    static let human = "1", bot = "2", friend = "3", stranger = "4", foodie = "5", booster = "6"

    /// Builds the world: accounts, follows, the human's stored history (originals
    /// two minutes before now each day, replies to the friend), a trained classifier.
    func setUp() async throws {
        let humanToken = server.addAccount(id: Self.human, username: "human")
        let botToken = server.addAccount(id: Self.bot, username: "mirror")
        server.addAccount(id: Self.friend, username: "friend")
        server.addAccount(id: Self.stranger, username: "stranger")
        server.addAccount(id: Self.foodie, username: "foodie")
        server.addAccount(id: Self.booster, username: "booster")
        try server.start()
        server.follow(Self.bot, Self.foodie)
        server.follow(Self.bot, Self.booster)
        try await prepare(friend: Self.friend, network: [
            "NETWORK": "mastodon", "MASTODON_BASE_URL": server.baseURL.absoluteString,
            "HUMAN_MASTODON_TOKEN": humanToken, "BOT_MASTODON_TOKEN": botToken,
        ]) { [server] post in
            server.addStatus(accountID: Self.human, text: post.text, createdAt: post.createdAt)
        }
    }

    var replies: [(text: String, target: String)] {
        server.writes.compactMap { if case .reply(_, _, let text, let target) = $0 { (text, target) } else { nil } }
    }

    var posts: [(text: String, visibility: String)] {
        server.writes.compactMap { if case .post(_, _, let text, let visibility) = $0 { (text, visibility) } else { nil } }
    }

    var favourites: [String] {
        server.writes.compactMap { if case .favourite(_, let status) = $0 { status } else { nil } }
    }
}

extension FakeMastodonServer: DaemonFake {
    static let pollEndpoints = ["GET /api/v1/notifications", "GET /api/v1/timelines/home"]
    static let redisStem = "e2e_m"
    static func forDaemon() -> FakeMastodonServer { FakeMastodonServer() }
    func answered(_ endpoint: String) -> Int { requestCount(endpoint: endpoint) }
}

extension MastodonDaemonHarness: DaemonWriteLog {
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, favourites.count, posts.count) }
    var writeCount: Int { server.writes.count }
    var postedTexts: [String] { posts.map(\.text) }
    var replyTexts: [String] { replies.map(\.text) }
    func replied(to target: String) -> Bool { replies.contains { $0.target == target } }
}

extension MastodonDaemonHarness: ActivityPosting {
    var ramenText: String { "ラーメン屋の新作つけ麺が最高 #ramen" }
    /// A boost carries no text of its own.
    func post(as author: String, _ text: String, secondsAgo: Double, repostOf: String?) -> String {
        server.addStatus(accountID: author, text: repostOf == nil ? text : "", createdAt: Date().addingTimeInterval(-secondsAgo), reblogOf: repostOf)
    }
}

extension MastodonDaemonHarness: NetworkScenarioWorld {
    func setUpWorld() async throws { try await setUp() }
    func postActivity() -> Activity { addActivity() }
    var secretVariables: [String] { ["BOT_MASTODON_TOKEN", "HUMAN_MASTODON_TOKEN"] }
    func loginEnvText() -> String { "NETWORK=mastodon\nMASTODON_BASE_URL=\(server.baseURL.absoluteString)\n" }

    func loginPerson() -> TerminalPerson.Answer {
        TerminalPerson.mastodon { [server] role in server.signInBrowser(accountID: role == "bot" ? Self.bot : Self.human) }
    }
    var replyTargets: [String] { replies.map(\.target) }
    var likedPosts: [String] { favourites }
    /// Mastodon notifies mentions, not replies: the reply names the friend.
    func isAnswerToFriend(_ text: String) -> Bool { Self.friendReplies.map { "@friend " + $0 }.contains(text) }

    /// The planned post is unlisted.
    func expectOwnRun(_ activity: Activity, output: String) {
        #expect(posts.first?.visibility == "unlisted")
    }

    func injectFaults() {
        server.setFaultProbability(1.0 / 3.0, fault: .serverError(status: 503))
        server.injectFault(.garbageBody, count: 3)
        server.injectFault(.dropAfterWrite, count: 1, endpoint: "POST /api/v1/statuses")
    }

    var wrongCredential: (variable: String, value: String, refusal: String)? {
        ("BOT_MASTODON_TOKEN", "wrong-token-value", "The access token is invalid")
    }
}
