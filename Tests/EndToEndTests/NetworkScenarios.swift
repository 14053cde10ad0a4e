import Foundation
import TestSupport
import Testing

/// The networks the daemon runs on, each a harness over its fake: the argument of the
/// scenarios every network shares (`EveryNetworkDaemonEndToEndTests`).
enum DaemonNetwork: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case x, mastodon, bluesky, misskey

    var testDescription: String { rawValue }

    /// The networks whose credentials the daemon checks at start-up in the tests (X's fake takes any signature).
    static let refusingCredentials: [DaemonNetwork] = [.mastodon, .bluesky, .misskey]

    /// Runs `scenario` in this network's world, set up (accounts, the human's history, the
    /// trained classifier) and torn down after, also when it throws.
    func world(_ scenario: (any NetworkScenarioWorld) async throws -> Void) async throws {
        switch self {
        case .x: try await Self.run(DaemonHarness.self, scenario)
        case .mastodon: try await Self.run(MastodonDaemonHarness.self, scenario)
        case .bluesky: try await Self.run(BlueskyDaemonHarness.self, scenario)
        case .misskey: try await Self.run(MisskeyDaemonHarness.self, scenario)
        }
    }

    private static func run<World: NetworkScenarioWorld>(_: World.Type, _ scenario: (any NetworkScenarioWorld) async throws -> Void) async throws {
        try await World.ready { try await scenario($0) }
    }
}

/// One network's daemon world as the shared scenarios see it: what each network's harness
/// does its own way (the writes its fake records, its faults, its credentials).
protocol NetworkScenarioWorld: DaemonWorld, DaemonWriteLog {
    /// The network's `setUp` with its defaults: accounts, follows, the fake started, the history.
    func setUpWorld() async throws
    /// The acquaintances' posts: the mentions and the bot's home timeline (`Activity`).
    func postActivity() -> Activity
    /// The variables of the environment that no line may show.
    var secretVariables: [String] { get }
    /// The targets of the replies the fake accepted (Bluesky: the parent) and the posts liked
    /// (favourited, reacted to), in order.
    var replyTargets: [String] { get }
    var likedPosts: [String] { get }
    /// Whether `text` is one of the human's replies to the friend as the network sends it.
    func isAnswerToFriend(_ text: String) -> Bool
    /// The network's own checks of that run (Mastodon: the unlisted post; Misskey: ❤ and home;
    /// Bluesky: the thread's root, its sessions, its like scope).
    func expectOwnRun(_ activity: Activity, output: String)
    /// The network's own checks after a restart or two daemons at once (Bluesky: no new login).
    func expectSessionsKept()
    /// Makes the fake fail often (and lose answers) for `survivesFaults`.
    func injectFaults()
    /// Waits until the writes a run through faults must make were made.
    func waitForWritesThroughFaults() async -> Bool
    /// Each write made once through the faults.
    func expectWritesOnceThroughFaults()
    /// A credential made wrong for start-up and the network's words for it; nil where the fake takes any.
    var wrongCredential: (variable: String, value: String, refusal: String)? { get }
    /// The network's own checks after that refusal (Bluesky: the one failed login).
    func expectRefusalCounted()
    /// Readies the fake for `mirror-bot login` (X: registers the app) and returns what the env
    /// file holds before it: NETWORK, the server, X's app keys.
    func loginEnvText() -> String
    /// A person at `login`'s prompts who signs in as this world's human, then its bot.
    func loginPerson() -> TerminalPerson.Answer
}

extension NetworkScenarioWorld {
    /// Runs `body` in a world of this network set up with its defaults (`setUpWorld`), torn down after.
    static func ready(_ body: (Self) async throws -> Void) async throws {
        try await with { world in
            try await world.setUpWorld()
            try await body(world)
        }
    }

    /// What the fake accepted after one run: one reply, to the friend (none to the stranger), with
    /// one of the human's replies to them; the ramen post liked (not its repost); one planned post.
    func expectFourWrites(_ activity: Activity) {
        #expect(replyTargets == [activity.friendMention])
        #expect(replyTexts.first.map(isAnswerToFriend) == true, "\(replyTexts)")
        #expect(likedPosts == [activity.ramen])
        #expect(postedTexts.count == 1)
        #expect(postedTexts.first?.hasPrefix(DaemonWorldHistory.humanOriginal) == true)
    }

    /// Waits for one run of the daemon started on `network` to make each write and poll on, then
    /// checks the four writes (`expectFourWrites`), its start line and its log (none of the
    /// environment's `secrets`); returns what it printed.
    func expectFourBehaviours(
        _ activity: Activity, on network: DaemonNetwork, secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String {
        #expect(await waitForEachWrite(), "\(output)", sourceLocation: sourceLocation)
        #expect(await waitForMoreRounds(), "\(output)", sourceLocation: sourceLocation)
        expectFourWrites(activity)
        let printed = output
        #expect(printed.contains("event=started"), sourceLocation: sourceLocation)
        #expect(printed.contains("network=\(network.rawValue)"), sourceLocation: sourceLocation)
        expectFourBehavioursLogged(in: printed, passedOver: activity.meeting, secrets: secrets, sourceLocation: sourceLocation)
        return printed
    }

    func isAnswerToFriend(_ text: String) -> Bool { DaemonWorldHistory.friendReplies.contains(text) }
    func expectOwnRun(_ activity: Activity, output: String) {}
    func expectSessionsKept() {}
    func waitForWritesThroughFaults() async -> Bool { await waitForEachWrite(60) }
    func expectWritesOnceThroughFaults() { #expect(writeCounts == (1, 1, 1)) }
    var wrongCredential: (variable: String, value: String, refusal: String)? { nil }
    func expectRefusalCounted() {}
}

/// The daemon's scenarios that read the same on every network, run once per network.
@Suite("mirror-bot start on every network's fake", .serialized)
struct EveryNetworkDaemonEndToEndTests {
    @Test(
        "posts the planned slot, answers the friend once, ignores the stranger, likes the ramen post but not its repost",
        arguments: [DaemonNetwork.mastodon, .bluesky, .misskey])
    func fourBehaviours(on network: DaemonNetwork) async throws {
        try await network.world { world in
            let activity = world.postActivity()
            let daemon = try world.startDaemon()
            let output = await world.expectFourBehaviours(activity, on: network, secrets: world.secretVariables)
            world.expectOwnRun(activity, output: output)
            #expect(world.stop(daemon) == 0)
        }
    }

    @Test("after SIGTERM and a restart nothing is repeated, and new mentions are answered (Bluesky: the kept sessions need no login)",
          arguments: DaemonNetwork.allCases)
    func restartRepeatsNothing(on network: DaemonNetwork) async throws {
        try await network.world { world in
            _ = world.postActivity()
            try await world.restartRepeatsNothing()
            world.expectSessionsKept()
        }
    }

    @Test("two daemons at once do nothing twice (Bluesky: and share the sessions)", arguments: DaemonNetwork.allCases)
    func twoDaemons(on network: DaemonNetwork) async throws {
        try await network.world { world in
            _ = world.postActivity()
            try await world.twoDaemonsDoNothingTwice()
            world.expectSessionsKept()
        }
    }

    @Test("with the network failing a third of the time (Misskey: a fifth, a lost note answer and a proxy's 429) the daemon stays up and does each thing once",
          arguments: DaemonNetwork.allCases)
    func survivesFaults(on network: DaemonNetwork) async throws {
        try await network.world { world in
            world.injectFaults()
            _ = world.postActivity()
            let daemon = try world.startDaemon()
            #expect(await world.waitForWritesThroughFaults(), "\(world.output)")
            #expect(await world.waitForMoreRounds(), "\(world.output)")
            #expect(daemon.isRunning)
            world.expectWritesOnceThroughFaults()
            #expect(world.stop(daemon) == 0)
        }
    }

    @Test("a wrong token or app password stops start-up with a clear error that does not contain it",
          arguments: DaemonNetwork.refusingCredentials)
    func badCredential(on network: DaemonNetwork) async throws {
        try await network.world { world in
            let wrong = try #require(world.wrongCredential)
            try await world.expectStartUpRefused(wrong.variable, wrong: wrong.value, saying: wrong.refusal)
            world.expectRefusalCounted()
        }
    }
}
