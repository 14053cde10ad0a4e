import APIClientTestSupport
import BlueskyAPI
import Clocks
import FakeBluesky
import Foundation
import Synchronization

/// A started fake Bluesky with a human, a bot and a friend, and clients whose waits are recorded.
final class FakeBlueskyFixture: Sendable {
    static let human = "did:plc:human0000000000000000000", bot = "did:plc:mirror000000000000000000", friend = "did:plc:friend000000000000000000"
    static let humanPassword = "huma-npas-swor-d000", botPassword = "botp-assw-ord0-0000"

    let server: FakeBlueskyServer
    let store = InMemoryBlueskySessionStore()
    /// The clock of the server and of every client.
    let clock: any BotClock
    let sleeps = Mutex<[Duration]>([])
    let events = Mutex<[BlueskySessionEvent]>([])

    init(clock: any BotClock = SystemClock()) throws {
        self.clock = clock
        server = FakeBlueskyServer(clock: clock)
        server.addAccount(did: Self.human, handle: "human.test", appPassword: Self.humanPassword)
        server.addAccount(did: Self.bot, handle: "mirror.test", appPassword: Self.botPassword, selfLabels: ["bot"])
        server.addAccount(did: Self.friend, handle: "friend.test", appPassword: "frie-ndpa-sswo-rd00")
        try server.start()
    }

    deinit { server.stop() }

    func configuration(maxAttempts: Int = 4, budget: BlueskyLoginBudget = .bluesky) -> BlueskyClientConfiguration {
        BlueskyClientConfiguration(
            serviceURL: server.baseURL, maxAttempts: maxAttempts, retryBaseDelay: .milliseconds(5), maxRateLimitWait: .seconds(10),
            rateLimitMargin: .milliseconds(50), timeout: 5, loginBudget: budget)
    }

    /// A client for the bot (or `identifier`); sleeps are recorded and really taken (capped at 3 s).
    func client(
        _ identifier: String = "mirror.test", password: String = FakeBlueskyFixture.botPassword, store: (any BlueskySessionStore)? = nil,
        maxAttempts: Int = 4, budget: BlueskyLoginBudget = .bluesky
    ) -> BlueskyClient {
        BlueskyClient(
            identifier: identifier, appPassword: password, store: store ?? self.store,
            configuration: configuration(maxAttempts: maxAttempts, budget: budget),
            clock: RecordingClock(time: clock, fixture: self),
            events: { [self] event in events.withLock { $0.append(event) } })
    }

    var recordedSleeps: [Duration] { sleeps.withLock { $0 } }
    var recordedEvents: [BlueskySessionEvent] { events.withLock { $0 } }

    func count(_ endpoint: String, status: Int? = nil) -> Int { server.requestCount(endpoint: endpoint, status: status) }

    static let login = "POST com.atproto.server.createSession"
    static let refresh = "POST com.atproto.server.refreshSession"
    static let create = "POST com.atproto.repo.createRecord"
}

/// The fixture's time, whose sleeps are recorded in the fixture and then taken: on a
/// `ManualClock`, by moving its time on (the fake sees them pass); on the system clock, really
/// (capped at 3 s: the fake's windows pass in real time).
private struct RecordingClock: BotClock {
    let time: any BotClock
    let fixture: FakeBlueskyFixture

    func now() -> Date { time.now() }

    func sleep(for duration: Duration) async throws {
        fixture.sleeps.withLock { $0.append(duration) }
        if let manual = time as? ManualClock {
            try await manual.sleep(for: duration)
        } else {
            try await Task.sleep(for: min(duration, .seconds(3)))
        }
    }
}
