import FakeX
import Foundation
import Testing
import XAPI

@Suite("XClient obeys rate limits")
struct XClientRateLimitTests {
    @Test("a spent window is waited out before the next request, without a 429")
    func waitsForReset() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setRateLimit(endpoint: "GET /2/users/me", limit: 2, window: 2)
        let client = fixture.client()
        for _ in 0..<3 { _ = try await client.send(GetMe()) }
        let records = fixture.server.requests.filter { $0.endpoint == "GET /2/users/me" }
        #expect(records.map(\.status) == [200, 200, 200])
        let waits = fixture.clock.sleeps
        #expect(waits.count == 1)
        #expect(waits.allSatisfy { $0 > .milliseconds(100) && $0 <= .seconds(4) })
        #expect(records[2].date.timeIntervalSince(records[1].date) >= 0.1)
    }

    @Test("a 429 is waited out once, then the request succeeds")
    func waitsOn429() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setRateLimit(endpoint: "GET /2/users/me", limit: 1, window: 2)
        _ = try await fixture.client().send(GetMe())
        // A second client has not seen the headers: it meets the 429.
        _ = try await fixture.client().send(GetMe())
        let statuses = fixture.server.requests.filter { $0.endpoint == "GET /2/users/me" }.map(\.status)
        #expect(statuses == [200, 429, 200])
        #expect(fixture.clock.sleeps.count == 1)
    }

    @Test("a reset farther than the allowed wait throws rateLimited without waiting")
    func tooFar() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setRateLimit(endpoint: "GET /2/users/:id/mentions", limit: 1, window: 600)
        let client = fixture.client(fixture.bot)
        _ = try await client.send(TweetListRequest(.mentions, userID: "2"))
        let error = await #expect(throws: XAPIError.self) { try await client.send(TweetListRequest(.mentions, userID: "2")) }
        guard case .rateLimited(let endpoint, _) = error else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
        #expect(endpoint == "GET /2/users/:id/mentions")
        #expect(fixture.clock.sleeps.isEmpty)
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/:id/mentions") == 1)
    }

    @Test("other endpoints are not held up by a spent one")
    func perEndpoint() async throws {
        let fixture = try FakeXFixture()
        fixture.server.setRateLimit(endpoint: "GET /2/users/:id/mentions", limit: 1, window: 600)
        let client = fixture.client()
        _ = try await client.send(TweetListRequest(.mentions, userID: "1"))
        _ = try await client.send(GetMe())
        #expect(fixture.clock.sleeps.isEmpty)
    }
}
