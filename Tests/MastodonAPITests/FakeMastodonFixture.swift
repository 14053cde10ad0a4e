import FakeMastodon
import Foundation
import MastodonAPI
import Synchronization

/// A started fake Mastodon with a human and a bot, and clients whose waits are recorded.
final class FakeMastodonFixture: Sendable {
    let server = FakeMastodonServer()
    let humanToken: String
    let botToken: String
    let sleeps = Mutex<[Duration]>([])

    init() throws {
        humanToken = server.addAccount(id: "1", username: "human")
        botToken = server.addAccount(id: "2", username: "mirror")
        server.addAccount(id: "3", username: "friend")
        try server.start()
    }

    deinit { server.stop() }

    /// A client for `token`; sleeps are recorded and really taken (capped at 3 s).
    func client(_ token: String? = nil, maxAttempts: Int = 4, margin: Duration = .milliseconds(50)) -> MastodonClient {
        let configuration = MastodonClientConfiguration(
            baseURL: server.baseURL, maxAttempts: maxAttempts, retryBaseDelay: .milliseconds(5),
            maxRateLimitWait: .seconds(10), rateLimitMargin: margin, timeout: 5)
        return MastodonClient(
            token: token ?? humanToken, configuration: configuration,
            sleep: { [self] duration in
                sleeps.withLock { $0.append(duration) }
                try await Task.sleep(for: min(duration, .seconds(3)))
            })
    }

    var recordedSleeps: [Duration] { sleeps.withLock { $0 } }
}
