import APIClientTestSupport
import BlueskyAPI
import FakeBluesky
import Foundation
import Testing

@Suite("Sessions renewed before their access tokens expire, on a manual clock", .serialized)
struct BlueskyEarlyRenewalTests {
    typealias F = FakeBlueskyFixture
    static let getSession = "GET com.atproto.server.getSession"

    /// A fixture whose server and clients read `clock`; the session is logged in at its start.
    func loggedIn(_ clock: ManualClock, lifetime: TimeInterval? = nil, maxAttempts: Int = 4) async throws -> (F, BlueskyClient) {
        let fixture = try F(clock: clock)
        if let lifetime { fixture.server.setAccessTokenLifetime(lifetime) }
        let client = fixture.client(maxAttempts: maxAttempts)
        _ = try await client.session()
        return (fixture, client)
    }

    @Test("a token with more than a minute left is used; with less, it is refreshed first: no ExpiredToken, no login")
    func refreshedAheadOfExpiry() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let (fixture, client) = try await loggedIn(clock)
        let first = try await client.session()
        try await clock.sleep(for: .seconds(7200 - 61))
        _ = try await client.send(GetSession())
        #expect(fixture.count(F.refresh) == 0)
        try await clock.sleep(for: .seconds(30))
        // Several calls at once share the one renewal.
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { try await client.send(GetSession()).did } }
            for try await did in group { #expect(did == F.bot) }
        }
        #expect(fixture.count(F.refresh) == 1)
        #expect(fixture.count(Self.getSession, status: 400) == 0)
        #expect(fixture.count(F.login) == 1)
        let renewed = try await client.session()
        #expect(renewed.accessJwt != first.accessJwt)
        #expect(await fixture.store.session(account: client.sessions.account) == renewed)
        _ = try await client.send(GetSession())
        #expect(fixture.count(F.refresh) == 1)
    }

    @Test("a short-lived token is renewed only in the last quarter of its life, not at every call")
    func shortLivedTokens() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let (fixture, client) = try await loggedIn(clock, lifetime: 40)
        for _ in 0..<3 { _ = try await client.send(GetSession()) }
        try await clock.sleep(for: .seconds(25))
        _ = try await client.send(GetSession())
        #expect(fixture.count(F.refresh) == 0)
        try await clock.sleep(for: .seconds(8))
        _ = try await client.send(GetSession())
        #expect(fixture.count(F.refresh) == 1)
        #expect(fixture.count(Self.getSession, status: 400) == 0)
    }

    @Test("a renewal that gets no answer leaves the call on the token it still has")
    func renewalOutage() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let (fixture, client) = try await loggedIn(clock, maxAttempts: 2)
        try await clock.sleep(for: .seconds(7200 - 30))
        fixture.server.injectFault(.serverError(status: 503), count: 2, endpoint: F.refresh)
        #expect(try await client.send(GetSession()).did == F.bot)
        #expect(fixture.count(F.refresh) == 2)
        #expect(fixture.count(F.login) == 1)
        // With the service back, the next call renews it, the same refresh token still good.
        try await clock.sleep(for: .seconds(10))
        #expect(try await client.send(GetSession()).did == F.bot)
        #expect(fixture.count(F.refresh) == 3)
        #expect(fixture.count(Self.getSession, status: 400) == 0)
        #expect(fixture.count(F.login) == 1)
    }

    @Test("claims are read from a JWT's payload; anything else has none", arguments: [
        ("eyJhbGciOiJFUzI1NksifQ.eyJleHAiOjE3MDAwMDcyMDAsImlhdCI6MTcwMDAwMDAwMH0.c2ln", 1_700_007_200.0, 1_700_000_000.0),
        ("eyJhbGciOiJFUzI1NksifQ.eyJleHAiOjE3MDAwMDcyMDB9.c2ln", 1_700_007_200.0, nil),
    ] as [(String, Double, Double?)])
    func claims(token: String, exp: Double, iat: Double?) throws {
        let claims = try #require(BlueskyTokenClaims(jwt: token))
        #expect(claims.expiresAt == Date(timeIntervalSince1970: exp))
        #expect(claims.issuedAt == iat.map { Date(timeIntervalSince1970: $0) })
    }

    @Test("no claims without a JWT or a plausible exp", arguments: [
        "", "opaque-token", "a.b", "eyJhbGciOiJFUzI1NksifQ.!!!.c2ln", "eyJhbGciOiJFUzI1NksifQ.eyJzdWIiOiJ4In0.c2ln",
        "eyJhbGciOiJFUzI1NksifQ.eyJleHAiOjFlMzB9.c2ln", "eyJhbGciOiJFUzI1NksifQ.eyJleHAiOiJzb29uIn0.c2ln",
    ])
    func noClaims(token: String) {
        #expect(BlueskyTokenClaims(jwt: token) == nil)
    }
}
