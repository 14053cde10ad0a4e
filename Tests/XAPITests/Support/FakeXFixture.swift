import APIClientCore
import APIClientTestSupport
import Clocks
import FakeX
import Foundation
import XAPI

/// A started fake server with a human (id 1) and a bot (id 2), and clients
/// that retry fast. Server and clients share a manual clock: every sleep is
/// recorded and passes at once, so rate-limit windows reset on cue however
/// loaded the machine is.
struct FakeXFixture {
    let server: FakeXServer
    let human: OAuthCredentials
    let bot: OAuthCredentials
    let clock: ManualClock

    /// The dialect the suites' fake speaks: `FAKE_X_DIALECT` (`tweet.fields`, the default, or
    /// `post.fields`), so CI runs the X suites against both of X's documents.
    static var serverDialect: XFieldDialect {
        ProcessInfo.processInfo.environment["FAKE_X_DIALECT"].flatMap(XFieldDialect.init(rawValue:)) ?? .tweetFields
    }

    init(settings: FakeXSettings = FakeXSettings(dialect: FakeXFixture.serverDialect)) throws {
        let clock = ManualClock(Date())
        self.clock = clock
        server = FakeXServer(settings: settings, clock: clock)
        human = server.addUser(id: "1", username: "human", name: "The Human")
        bot = server.addUser(id: "2", username: "bot", name: "The Bot")
        server.addUser(id: "3", username: "friend")
        try server.start()
    }

    /// A client for `credentials` (the human's by default) with fast retries, on the fixture's
    /// clock (read `skew` seconds off: a client whose clock is wrong), sharing `appLimits` with
    /// the other clients of its app when given.
    func client(
        _ credentials: OAuthCredentials? = nil, maxAttempts: Int = 4, skew: TimeInterval = 0,
        nonce: @escaping @Sendable () -> String = { OAuthSigner.randomNonce() }, appLimits: AppRateLimits? = nil
    ) -> XClient {
        let configuration = XClientConfiguration(
            baseURL: server.baseURL, maxAttempts: maxAttempts, retryBaseDelay: .milliseconds(10),
            maxRateLimitWait: .seconds(5), rateLimitMargin: .milliseconds(100), timeout: 10)
        return XClient(
            credentials: credentials ?? human, configuration: configuration,
            clock: skew == 0 ? clock : SkewedClock(base: clock, skew: skew), nonce: nonce,
            dialects: XDialectMemory(server.dialect), appRateLimits: appLimits)
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

/// `base` read `skew` seconds off; its sleeps are the base's.
struct SkewedClock: BotClock {
    let base: ManualClock
    let skew: TimeInterval

    func now() -> Date { base.now().addingTimeInterval(skew) }
    func sleep(for duration: Duration) async throws { try await base.sleep(for: duration) }
}
