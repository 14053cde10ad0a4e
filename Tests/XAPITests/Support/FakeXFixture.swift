import FakeX
import Foundation
import Synchronization
import XAPI

/// A started fake server with a human (id 1) and a bot (id 2), and clients
/// that retry fast and record every sleep.
struct FakeXFixture {
    let server: FakeXServer
    let human: OAuthCredentials
    let bot: OAuthCredentials
    let sleeps = SleepRecorder()

    init(settings: FakeXSettings = FakeXSettings()) throws {
        server = FakeXServer(settings: settings)
        human = server.addUser(id: "1", username: "human", name: "The Human")
        bot = server.addUser(id: "2", username: "bot", name: "The Bot")
        server.addUser(id: "3", username: "friend")
        try server.start()
    }

    /// A client for `credentials` (the human's by default) with fast retries.
    func client(
        _ credentials: OAuthCredentials? = nil, maxAttempts: Int = 4,
        now: @escaping @Sendable () -> Date = { Date() },
        nonce: @escaping @Sendable () -> String = { OAuthSigner.randomNonce() }
    ) -> XClient {
        let configuration = XClientConfiguration(
            baseURL: server.baseURL, maxAttempts: maxAttempts, retryBaseDelay: .milliseconds(10),
            maxRateLimitWait: .seconds(5), rateLimitMargin: .milliseconds(100), timeout: 10)
        let sleeps = sleeps
        return XClient(
            credentials: credentials ?? human, configuration: configuration,
            sleep: { try await sleeps.sleep($0) }, now: now, nonce: nonce)
    }

    /// Adds `count` posts by `authorID`, one a minute, oldest first; returns ids newest first.
    @discardableResult
    func addPosts(_ count: Int, by authorID: String = "1", text: String = "post") -> [String] {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return (0..<count).map {
            server.addTweet(authorID: authorID, text: "\(text) \($0)", createdAt: start.addingTimeInterval(Double($0) * 60))
        }.reversed()
    }
}

/// Records each requested sleep, then really sleeps (cancellably).
final class SleepRecorder: Sendable {
    private let recorded = Mutex<[Duration]>([])

    var durations: [Duration] { recorded.withLock { $0 } }

    func sleep(_ duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try await Task.sleep(for: duration)
    }
}
