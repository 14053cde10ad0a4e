import BlueskyAPI
import FakeBluesky
import Foundation
import Testing

@Suite("Bluesky sessions against the fake", .serialized)
struct BlueskySessionTests {
    @Test("the first call logs in once; a second client on the same store reuses the session without logging in")
    func sessionKept() async throws {
        let fixture = try FakeBlueskyFixture()
        let me = try await fixture.client().send(GetSession())
        #expect(me.did == FakeBlueskyFixture.bot)
        #expect(me.handle == "mirror.test")
        _ = try await fixture.client().send(GetSession())
        #expect(fixture.count(FakeBlueskyFixture.login) == 1)
        #expect(fixture.recordedEvents == [.loggedIn(handle: "mirror.test", loginsToday: 1)])
    }

    @Test("an expired access token is refreshed, without a new login, and the call goes through; the old refresh token is dead")
    func expiredTokenRefreshed() async throws {
        let fixture = try FakeBlueskyFixture()
        let client = fixture.client()
        let before = try await client.session()
        fixture.server.expireAccessTokens()
        let me = try await client.send(GetSession())
        #expect(me.did == FakeBlueskyFixture.bot)
        #expect(fixture.count(FakeBlueskyFixture.login) == 1)
        #expect(fixture.count(FakeBlueskyFixture.refresh) == 1)
        let after = try await client.session()
        #expect(after.accessJwt != before.accessJwt && after.refreshJwt != before.refreshJwt)
        #expect(await fixture.store.session(account: client.sessions.account) == after)
        await #expect(throws: BlueskyAPIError.self) {
            _ = try await client.core.send(RefreshSession(), bearer: before.refreshJwt)
        }
    }

    @Test("many calls hitting an expired token at once share one refresh")
    func oneRefreshForMany() async throws {
        let fixture = try FakeBlueskyFixture()
        let client = fixture.client()
        _ = try await client.session()
        fixture.server.expireAccessTokens()
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 { group.addTask { try await client.send(GetSession()).did } }
            for try await did in group { #expect(did == FakeBlueskyFixture.bot) }
        }
        #expect(fixture.count(FakeBlueskyFixture.refresh) == 1)
        #expect(fixture.count(FakeBlueskyFixture.login) == 1)
    }

    @Test("a second process that finds the stored session renewed by another takes it instead of refreshing")
    func renewedElsewhereIsAdopted() async throws {
        let fixture = try FakeBlueskyFixture()
        let first = fixture.client()
        let second = fixture.client()
        _ = try await first.session()
        _ = try await second.session()
        fixture.server.expireAccessTokens()
        _ = try await first.send(GetSession())
        _ = try await second.send(GetSession())
        #expect(fixture.count(FakeBlueskyFixture.refresh) == 1)
        #expect(fixture.count(FakeBlueskyFixture.login) == 1)
        #expect(fixture.recordedEvents.contains(.adopted(handle: "mirror.test")))
    }

    @Test("when refreshing is refused, one new login")
    func refreshRefusedLogsIn() async throws {
        let fixture = try FakeBlueskyFixture()
        let client = fixture.client()
        _ = try await client.session()
        fixture.server.expireAccessTokens()
        fixture.server.revokeRefreshTokens()
        #expect(try await client.send(GetSession()).did == FakeBlueskyFixture.bot)
        #expect(fixture.count(FakeBlueskyFixture.refresh) == 1)
        #expect(fixture.count(FakeBlueskyFixture.login) == 2)
    }

    @Test("a refresh that fails without an answer is not a reason to log in")
    func refreshOutageDoesNotLogIn() async throws {
        let fixture = try FakeBlueskyFixture()
        let client = fixture.client(maxAttempts: 2)
        _ = try await client.session()
        fixture.server.expireAccessTokens()
        fixture.server.injectFault(.serverError(status: 503), count: 2, endpoint: FakeBlueskyFixture.refresh)
        await #expect(throws: BlueskyAPIError.self) { _ = try await client.send(GetSession()) }
        #expect(fixture.count(FakeBlueskyFixture.login) == 1)
        // Later, with the service back, the same refresh token still works.
        #expect(try await client.send(GetSession()).did == FakeBlueskyFixture.bot)
        #expect(fixture.count(FakeBlueskyFixture.login) == 1)
    }

    @Test("a wrong app password is unauthorized, said without the password")
    func badPassword() async throws {
        let fixture = try FakeBlueskyFixture()
        let client = fixture.client(password: "wron-gpas-swor-d123")
        do {
            _ = try await client.send(GetSession())
            Issue.record("expected a refusal")
        } catch let error as BlueskyAPIError {
            #expect(error == .unauthorized(endpoint: FakeBlueskyFixture.login, detail: "Invalid identifier or password"))
            #expect(!error.description.contains("wron-gpas-swor-d123"))
        }
        #expect(fixture.count(FakeBlueskyFixture.login) == 1)
    }

    @Test("past the login budget mirror-bot refuses to log in, saying until when, and sends nothing")
    func loginBudget() async throws {
        let fixture = try FakeBlueskyFixture()
        let client = fixture.client()
        let now = Date()
        for index in 0..<30 { await fixture.store.recordLogin(account: client.sessions.account, at: now.addingTimeInterval(-Double(index))) }
        do {
            _ = try await client.session()
            Issue.record("expected the budget to refuse")
        } catch BlueskyAPIError.loginLimited(let resetAt, let detail) {
            #expect(resetAt > now && resetAt <= now.addingTimeInterval(301))
            #expect(detail.contains("30 logins in the last 5 minutes"))
        }
        #expect(fixture.count(FakeBlueskyFixture.login) == 0)
    }

    @Test("the server's own login limit is a rate limit, not a crash")
    func serverLoginLimit() async throws {
        let fixture = try FakeBlueskyFixture()
        let generous = BlueskyLoginBudget(windows: [.init(limit: 1000, seconds: 300)])
        for _ in 0..<30 {
            _ = try await fixture.client(store: InMemoryBlueskySessionStore(), budget: generous).session()
        }
        let client = fixture.client(store: InMemoryBlueskySessionStore(), budget: generous)
        await #expect(throws: BlueskyAPIError.self) { _ = try await client.session() }
        #expect(fixture.count(FakeBlueskyFixture.login, status: 429) >= 1)
    }
}
