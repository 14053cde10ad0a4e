import FakeMisskey
import Foundation
import MirrorBot
import TestSupport
import Testing

/// The daemon harness on Misskey: `mirror-bot start` with NETWORK=misskey against a
/// FakeMisskey on loopback, misskey.io's rules on (`NetworkDaemonHarness`: the schema, the
/// history, the classifier).
final class MisskeyDaemonHarness: NetworkDaemonHarness<FakeMisskeyServer> {
    static let human = "1", bot = "2", friend = "3", stranger = "4", foodie = "5", booster = "6"

    /// Builds the world: users (the bot flagged isBot), follows, the human's stored history,
    /// a trained classifier.
    func setUp() async throws {
        let human = server.addUser(id: Self.human, username: "human")
        let bot = server.addUser(id: Self.bot, username: "mirror", isBot: true)
        for (id, name) in [(Self.friend, "friend"), (Self.stranger, "stranger"), (Self.foodie, "foodie"), (Self.booster, "booster")] {
            server.addUser(id: id, username: name)
        }
        // The daemons here poll every second, two at once in one scenario: Misskey's 30 per 30 s
        // would hold the reply loop in rate-limit waits, which its own test shows.
        server.setRateLimit(endpoint: "i/notifications", max: 600, duration: 30)
        try server.start()
        server.follow(Self.bot, Self.foodie)
        server.follow(Self.bot, Self.booster)
        try await prepare(friend: Self.friend, network: [
            "NETWORK": "misskey", "MISSKEY_BASE_URL": server.baseURL.absoluteString,
            "HUMAN_MISSKEY_TOKEN": human.token, "BOT_MISSKEY_TOKEN": bot.token,
        ]) { [server] post in
            server.addNote(userId: Self.human, text: post.text, at: post.createdAt)
        }
    }

    var replies: [(text: String, target: String, visibility: String)] {
        server.writes.compactMap { if case .reply(_, _, let target, let text, let visibility) = $0 { (text, target, visibility) } else { nil } }
    }

    var notes: [(text: String, visibility: String)] {
        server.writes.compactMap { if case .note(_, _, let text, let visibility, _) = $0 { (text, visibility) } else { nil } }
    }

    var reactions: [(note: String, reaction: String)] {
        server.writes.compactMap { if case .reaction(_, let note, let reaction) = $0 { (note, reaction) } else { nil } }
    }
}

extension FakeMisskeyServer: DaemonFake {
    static let pollEndpoints = ["POST /api/i/notifications", "POST /api/notes/timeline"]
    static let redisStem = "e2e_mk"
    static func forDaemon() -> FakeMisskeyServer { FakeMisskeyServer() }
    func answered(_ endpoint: String) -> Int { requestCount(endpoint: endpoint) }
}

extension MisskeyDaemonHarness: DaemonWriteLog {
    /// The notes the fake made (an idempotent repeat returns the old note and is no write).
    var writeCounts: (replies: Int, likes: Int, posts: Int) { (replies.count, reactions.count, notes.count) }
    var writeCount: Int { server.writes.count }
    var postedTexts: [String] { notes.map(\.text) }
    var replyTexts: [String] { replies.map(\.text) }
    func replied(to target: String) -> Bool { replies.contains { $0.target == target } }
}

extension MisskeyDaemonHarness: ActivityPosting {
    var ramenText: String { "ラーメン屋の新作つけ麺が最高 #ramen" }
    /// A pure renote carries no text of its own.
    func post(as author: String, _ text: String, secondsAgo: Double, repostOf: String?) -> String {
        server.addNote(userId: author, text: repostOf == nil ? text : nil, renoteId: repostOf, at: Date().addingTimeInterval(-secondsAgo))
    }
}

extension MisskeyDaemonHarness: NetworkScenarioWorld {
    func setUpWorld() async throws { try await setUp() }
    func postActivity() -> Activity { addActivity() }
    var secretVariables: [String] { ["BOT_MISSKEY_TOKEN", "HUMAN_MISSKEY_TOKEN"] }
    func loginEnvText() -> String { "NETWORK=misskey\nMISSKEY_BASE_URL=\(server.baseURL.absoluteString)\n" }

    func loginPerson() -> TerminalPerson.Answer {
        TerminalPerson.misskey { [server] role in server.signInBrowser(userId: role == "bot" ? Self.bot : Self.human) }
    }
    var replyTargets: [String] { replies.map(\.target) }
    var likedPosts: [String] { reactions.map(\.note) }
    func isAnswerToFriend(_ text: String) -> Bool { Self.friendReplies.contains { text.contains($0) } }

    /// The reply and the note at home, the reaction ❤.
    func expectOwnRun(_ activity: Activity, output: String) {
        #expect(replies.first?.visibility == "home")
        #expect(reactions.map(\.reaction) == ["❤"])
        #expect(notes.first?.visibility == "home")
    }

    /// A fifth of the answers fail, a lost note answer is repeated, a proxy answers 429 twice.
    func injectFaults() {
        server.setFaultProbability(0.2, fault: .serverError(status: 500))
        server.injectFault(.garbageBody, count: 3)
        server.injectProcessing(repeats: 1)
        server.injectProxyRateLimit(count: 2, retryAfter: 1)
    }

    /// Each thing once, and the repeated note is no second note.
    func expectWritesOnceThroughFaults() {
        #expect(writeCounts == (1, 1, 1))
        #expect(server.notes(of: Self.bot).count == 2)
    }

    var wrongCredential: (variable: String, value: String, refusal: String)? {
        ("BOT_MISSKEY_TOKEN", "wrong-token-value-0123456789abcdef", "AUTHENTICATION_FAILED")
    }
}
