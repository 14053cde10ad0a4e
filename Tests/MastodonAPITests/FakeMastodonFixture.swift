import APIClientTestSupport
import FakeMastodon
import Foundation
import MastodonAPI

/// A started fake Mastodon with a human and a bot, and clients whose waits are
/// recorded. Server and clients share a manual clock: a wait passes at once, and
/// the rate-limit window resets on cue however loaded the machine is.
final class FakeMastodonFixture: Sendable {
    let clock: ManualClock
    let server: FakeMastodonServer
    let humanToken: String
    let botToken: String

    init() throws {
        let clock = ManualClock(Date())
        self.clock = clock
        server = FakeMastodonServer(clock: clock)
        humanToken = server.addAccount(id: "1", username: "human")
        botToken = server.addAccount(id: "2", username: "mirror")
        server.addAccount(id: "3", username: "friend")
        try server.start()
    }

    deinit { server.stop() }

    /// A client for `token` on the fixture's clock.
    func client(_ token: String? = nil, maxAttempts: Int = 4, margin: Duration = .milliseconds(50)) -> MastodonClient {
        let configuration = MastodonClientConfiguration(
            baseURL: server.baseURL, maxAttempts: maxAttempts, retryBaseDelay: .milliseconds(5),
            maxRateLimitWait: .seconds(10), rateLimitMargin: margin, timeout: 5)
        let clock = clock
        return MastodonClient(
            token: token ?? humanToken, configuration: configuration, clock: clock)
    }

    var recordedSleeps: [Duration] { clock.sleeps }
}
