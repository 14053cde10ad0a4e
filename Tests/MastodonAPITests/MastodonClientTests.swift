import FakeMastodon
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MastodonAPI
import Testing

@Suite("MastodonClient against the fake Mastodon over HTTP")
struct MastodonClientTests {
    @Test("a valid token is accepted")
    func tokenAccepted() async throws {
        let fixture = try FakeMastodonFixture()
        let me = try await fixture.client().send(VerifyCredentials())
        #expect(me.id == "1")
        #expect(me.acct == "human")
    }

    @Test("a bad token is rejected with the server's error, once, without the token in the message")
    func badToken() async throws {
        let fixture = try FakeMastodonFixture()
        let token = "secret-token-that-is-wrong"
        await #expect(throws: MastodonAPIError.unauthorized(
            endpoint: "GET /api/v1/accounts/verify_credentials", detail: "The access token is invalid")) {
            try await fixture.client(token).send(VerifyCredentials())
        }
        #expect(fixture.server.requestCount(endpoint: "GET /api/v1/accounts/verify_credentials") == 1)
        let error = MastodonAPIError.unauthorized(endpoint: "GET /api/v1/accounts/verify_credentials", detail: "The access token is invalid")
        #expect(!error.description.contains(token))
    }

    @Test("favourites are walked by the Link header, each page once, each status once")
    func linkPagination() async throws {
        let fixture = try FakeMastodonFixture()
        var ids: [String] = []
        for index in 0..<95 {
            let id = fixture.server.addStatus(accountID: "3", text: "post \(index)")
            fixture.server.addFavourite(accountID: "1", statusID: id)
            ids.append(id)
        }
        let pager = fixture.client().pager(MastodonListRequest.favourites(), limit: 1000)
        var seen: [String] = []
        var pages = 0
        while let page = try await pager.next() {
            pages += 1
            seen += page.map(\.id)
        }
        #expect(pages == 3)
        #expect(seen == ids.reversed())
        let requests = fixture.server.requests.filter { $0.endpoint == "GET /api/v1/favourites" }
        #expect(requests.count == 3)
        #expect(Set(requests.map(\.query)).count == 3)
        // The Link's max_id is a favourite id, never a status id.
        for request in requests.dropFirst() {
            let maxID = request.query.split(separator: "&").first { $0.hasPrefix("max_id=") }?.dropFirst(7)
            #expect(maxID != nil && !ids.contains(String(maxID ?? "")))
        }
    }

    @Test("since_id returns only newer statuses and stops paging at a known one")
    func sinceID() async throws {
        let fixture = try FakeMastodonFixture()
        let old = (0..<50).map { fixture.server.addStatus(accountID: "1", text: "old \($0)") }
        let new = (0..<45).map { fixture.server.addStatus(accountID: "1", text: "new \($0)") }
        let cursor = try #require(old.last)
        let pager = fixture.client().pager(
            MastodonListRequest.accountStatuses(accountID: "1", sinceID: cursor), limit: 800,
            isKnown: { $0.id == cursor || !(UInt64($0.id) ?? 0 > UInt64(cursor) ?? 0) })
        var seen: [String] = []
        while let page = try await pager.next() { seen += page.map(\.id) }
        #expect(seen == new.reversed())
        #expect(fixture.server.requestCount(endpoint: "GET /api/v1/accounts/:id/statuses") == 2)
        let queries = fixture.server.requests.map(\.query)
        #expect(queries.allSatisfy { $0.contains("since_id=\(cursor)") && $0.contains("exclude_reblogs=true") })
    }

    @Test("a spent rate limit is waited out until its reset, then the request goes through")
    func rateLimitWait() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.setRateLimit(limit: 2, window: 3)
        let client = fixture.client()
        for _ in 0..<3 { _ = try await client.send(VerifyCredentials()) }
        #expect(fixture.recordedSleeps.count == 1)
        #expect((fixture.recordedSleeps.first ?? .zero) <= .milliseconds(3100))
        #expect(fixture.server.requests.allSatisfy { $0.status == 200 })

        // The window is spent again; another client of the same account does not know:
        // it meets a 429, waits until the reset, retries.
        _ = try await client.send(VerifyCredentials())
        let other = fixture.client()
        _ = try await other.send(VerifyCredentials())
        #expect(fixture.server.requests.contains { $0.status == 429 })
        #expect(fixture.server.requests.last?.status == 200)
    }

    @Test("5xx and garbage bodies are retried with backoff, then succeed")
    func retriesThenSucceeds() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.injectFault(.serverError(status: 503), count: 1)
        fixture.server.injectFault(.garbageBody, count: 1)
        fixture.server.injectFault(.dropConnection, count: 1)
        let me = try await fixture.client().send(VerifyCredentials())
        #expect(me.id == "1")
        #expect(fixture.server.requests.count == 4)
        #expect(fixture.recordedSleeps.count == 3)
    }

    @Test("persistent 5xx is surfaced after the bounded attempts, naming endpoint, status and error")
    func surfacesFailure() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.injectFault(.serverError(status: 503), count: 10)
        await #expect(throws: MastodonAPIError.failed(endpoint: "GET /api/v1/timelines/home", status: 503, detail: "Service Unavailable")) {
            try await fixture.client(maxAttempts: 3).send(MastodonListRequest.homeTimeline())
        }
        #expect(fixture.server.requests.count == 3)
    }

    @Test("a 4xx other than 429 is not retried")
    func clientErrorNotRetried() async throws {
        let fixture = try FakeMastodonFixture()
        await #expect(throws: MastodonAPIError.failed(endpoint: "POST /api/v1/statuses", status: 422, detail: "Validation failed: Text can't be blank")) {
            try await fixture.client(fixture.botToken).send(PostStatus(status: "  "))
        }
        #expect(fixture.server.requests.count == 1)
    }

    @Test("a post retried after a lost response is not doubled: the Idempotency-Key returns the first status")
    func idempotentRetry() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.injectFault(.dropAfterWrite, count: 1, endpoint: "POST /api/v1/statuses")
        let status = try await fixture.client(fixture.botToken).send(PostStatus(status: "once only", visibility: "unlisted"))
        #expect(fixture.server.writes == [.post(id: status.id, accountID: "2", text: "once only", visibility: "unlisted")])
        let keys = fixture.server.requests.filter { $0.endpoint == "POST /api/v1/statuses" }.map(\.idempotencyKey)
        #expect(keys.count == 2)
        #expect(keys[0] != nil && keys[0] == keys[1])
    }

    @Test("favouriting twice favourites once")
    func favouriteIdempotent() async throws {
        let fixture = try FakeMastodonFixture()
        let id = fixture.server.addStatus(accountID: "3", text: "ラーメン")
        let client = fixture.client(fixture.botToken)
        _ = try await client.send(FavouriteStatus(statusID: id))
        _ = try await client.send(FavouriteStatus(statusID: id))
        #expect(fixture.server.writes == [.favourite(accountID: "2", statusID: id)])
    }

    @Test("mentions come as notifications carrying the status, with its HTML")
    func mentions() async throws {
        let fixture = try FakeMastodonFixture()
        let mention = fixture.server.addStatus(accountID: "3", text: "@mirror 元気？ & #ramen")
        _ = fixture.server.addStatus(accountID: "3", text: "no mention here")
        let notifications = try await fixture.client(fixture.botToken).send(MastodonListRequest.mentions())
        #expect(notifications.map(\.status?.id) == [mention])
        #expect(notifications.first?.id != mention)
        #expect(notifications.first?.status?.plainText == "@mirror 元気？ & #ramen")
        #expect(notifications.first?.status?.content.contains("h-card") == true)
    }

    @Test("the fake takes a JSON body too, and answers a repeated Idempotency-Key with the first status")
    func jsonBody() async throws {
        let fixture = try FakeMastodonFixture()
        var request = URLRequest(url: fixture.server.baseURL.appendingPathComponent("api/v1/statuses"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(fixture.botToken)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("key-1", forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = Data(#"{"status":"json post","visibility":"public"}"#.utf8)
        let (first, _) = try await URLSession.shared.data(for: request)
        let (second, _) = try await URLSession.shared.data(for: request)
        let a = try JSONDecoder().decode(MastodonStatus.self, from: first)
        let b = try JSONDecoder().decode(MastodonStatus.self, from: second)
        #expect(a.id == b.id)
        #expect(a.plainText == "json post")
        #expect(fixture.server.writes == [.post(id: a.id, accountID: "2", text: "json post", visibility: "public")])
    }
}
