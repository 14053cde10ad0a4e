import APIClientCore
import FakeX
import Foundation
import Testing
import XAPI

/// X's per-app caps (`x-app-limit-24hour-*`: posts a day over every user of one app) as the
/// clients of one app in one process share them (`AppRateLimits`), against a fake that counts
/// them per consumer key.
@Suite("Clients of one X app share its per-app windows")
struct XClientAppRateLimitTests {
    /// Two more accounts of the bot's app (its consumer key and secret, their own tokens) and one
    /// of another app.
    struct Accounts {
        let first: OAuthCredentials
        let second: OAuthCredentials
        let third: OAuthCredentials
        let otherApp: OAuthCredentials

        init(_ fixture: FakeXFixture) {
            func sameApp(_ id: String) -> OAuthCredentials {
                let own = FakeXServer.makeCredentials(userID: id)
                return OAuthCredentials(
                    consumerKey: fixture.bot.consumerKey, consumerSecret: fixture.bot.consumerSecret, accessToken: own.accessToken,
                    accessTokenSecret: own.accessTokenSecret)
            }
            first = fixture.bot
            second = fixture.server.addUser(id: "10", username: "second", credentials: sameApp("10"))
            third = fixture.server.addUser(id: "11", username: "third", credentials: sameApp("11"))
            otherApp = fixture.server.addUser(id: "12", username: "other")
        }
    }

    @Test("the fake counts an app's cap over all its users, and says so in x-app-limit-24hour-*")
    func fakeCountsPerApp() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setAppRateLimit(endpoint: "POST /2/tweets", limit: 2, window: 600)
        let accounts = Accounts(fixture)
        _ = try await fixture.client(accounts.first).send(CreateTweet(text: "one"))
        _ = try await fixture.client(accounts.second).send(CreateTweet(text: "two"))
        // The app's two posts are spent: a third user of the app is refused, another app's is not.
        await #expect(throws: XAPIError.self) { try await fixture.client(accounts.third, maxAttempts: 1).send(CreateTweet(text: "three")) }
        _ = try await fixture.client(accounts.otherApp).send(CreateTweet(text: "other"))
        let posts = fixture.server.requests.filter { $0.endpoint == "POST /2/tweets" }
        #expect(posts.map(\.status) == [201, 201, 429, 201])
    }

    @Test("a window of the app learned spent by one client holds the app's other client until it resets, with no request; another app's goes on")
    func learnedFromHeaders() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setAppRateLimit(endpoint: "POST /2/tweets", limit: 1, window: 3)
        let accounts = Accounts(fixture)
        let app = AppRateLimits()
        _ = try await fixture.client(accounts.first, appLimits: app).send(CreateTweet(text: "one"))
        #expect(await app.window(key: "POST /2/tweets")?.isSpent == true)
        // Another app's client, with its own windows, is not held.
        _ = try await fixture.client(accounts.otherApp, appLimits: AppRateLimits()).send(CreateTweet(text: "other"))
        #expect(fixture.clock.sleeps.isEmpty)
        // The app's second client waits for the reset (the fixture's clock passes it), then posts.
        _ = try await fixture.client(accounts.second, appLimits: app).send(CreateTweet(text: "two"))
        #expect(fixture.clock.sleeps.count == 1)
        let posts = fixture.server.requests.filter { $0.endpoint == "POST /2/tweets" }
        #expect(posts.map(\.status) == [201, 201, 201])
    }

    @Test("an app-level 429 one client meets holds the app's other client until the reset without a 429 of its own")
    func learnedFrom429() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setAppRateLimit(endpoint: "POST /2/tweets", limit: 1, window: 600)
        let accounts = Accounts(fixture)
        // A client of the app in another process spends the app's day.
        _ = try await fixture.client(accounts.third).send(CreateTweet(text: "elsewhere"))
        let app = AppRateLimits()
        let first = await #expect(throws: XAPIError.self) { try await fixture.client(accounts.first, appLimits: app).send(CreateTweet(text: "one")) }
        guard case .rateLimited = first else { Issue.record("expected rateLimited, got \(String(describing: first))"); return }
        // 600 s is past the clients' allowed wait (5 s): the second is refused at once, nothing sent.
        let second = await #expect(throws: XAPIError.self) { try await fixture.client(accounts.second, appLimits: app).send(CreateTweet(text: "two")) }
        guard case .rateLimited(_, let resetAt) = second else { Issue.record("expected rateLimited, got \(String(describing: second))"); return }
        #expect(resetAt > fixture.clock.now().addingTimeInterval(590))
        // Another app's client is not held.
        _ = try await fixture.client(accounts.otherApp, appLimits: AppRateLimits()).send(CreateTweet(text: "other"))
        let posts = fixture.server.requests.filter { $0.endpoint == "POST /2/tweets" }
        #expect(posts.map(\.status) == [201, 429, 201])
        #expect(fixture.clock.sleeps.isEmpty)
    }

    @Test("a client's own per-user window is not the app's: it holds no other client")
    func userWindowStaysOwn() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setRateLimit(endpoint: "POST /2/tweets", limit: 1, window: 600)
        let accounts = Accounts(fixture)
        let app = AppRateLimits()
        _ = try await fixture.client(accounts.first, appLimits: app).send(CreateTweet(text: "one"))
        _ = try await fixture.client(accounts.second, appLimits: app).send(CreateTweet(text: "two"))
        #expect(fixture.clock.sleeps.isEmpty)
        #expect(fixture.server.requests.filter { $0.endpoint == "POST /2/tweets" }.map(\.status) == [201, 201])
    }
}
