import APIClientCore
import APIClientTestSupport
import BlueskyAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("XRPC calls on the wire, through the shared client core")
struct BlueskyWireTests {
    static let session = ScriptedTransport.Step.json(
        200, #"{"accessJwt":"access-1","refreshJwt":"refresh-1","handle":"mirror.test","did":"did:plc:mirror"}"#)
    static let posts = ScriptedTransport.Step.json(200, #"{"posts":[]}"#)

    func client(_ transport: ScriptedTransport, clock: ManualClock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))) -> BlueskyClient {
        BlueskyClient(
            identifier: "mirror.test", appPassword: "aaaa-bbbb-cccc-dddd", store: InMemoryBlueskySessionStore(),
            configuration: BlueskyClientConfiguration(serviceURL: URL(string: "https://pds.test/")!),
            transport: transport, clock: clock, jitter: { 0.5 })
    }

    @Test("a query is GET /xrpc/<nsid> with its repeated parameters encoded and the access token; a login is a JSON POST without one")
    func queryAndProcedure() async throws {
        let transport = ScriptedTransport([Self.session, Self.posts])
        let uris = ["at://did:plc:a/app.bsky.feed.post/3k1", "at://did:plc:b/app.bsky.feed.post/3k2"]
        _ = try await client(transport).send(GetPosts(uris: uris))
        let (login, query) = (transport.requests[0], transport.requests[1])
        #expect(login.httpMethod == "POST")
        #expect(login.url?.absoluteString == "https://pds.test/xrpc/com.atproto.server.createSession")
        #expect(login.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(login.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(login.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"identifier":"mirror.test","password":"aaaa-bbbb-cccc-dddd"}"#)
        #expect(query.httpMethod == "GET")
        #expect(query.url?.absoluteString == "https://pds.test/xrpc/app.bsky.feed.getPosts?"
            + "uris=at%3A%2F%2Fdid%3Aplc%3Aa%2Fapp.bsky.feed.post%2F3k1&uris=at%3A%2F%2Fdid%3Aplc%3Ab%2Fapp.bsky.feed.post%2F3k2")
        #expect(query.value(forHTTPHeaderField: "Authorization") == "Bearer access-1")
        #expect(query.httpBody == nil)
    }

    @Test("a record's address goes as repo, collection and rkey: getRecord's parameters, deleteRecord's JSON input")
    func recordAddress() throws {
        let record = try #require(ATURI("at://did:plc:mirror/app.bsky.feed.post/3kabc"))
        #expect(GetRecord<BlueskyPostRecord>(record).parameters.map { "\($0.name)=\($0.value)" } == ["repo=did:plc:mirror", "collection=app.bsky.feed.post", "rkey=3kabc"])
        #expect(try DeleteRecord(record).input().map { String(decoding: $0, as: UTF8.self) } == #"{"collection":"app.bsky.feed.post","repo":"did:plc:mirror","rkey":"3kabc"}"#)
    }

    @Test("ExpiredToken, read from the error body's name, renews with the refresh token, and the call goes again with the new one")
    func expiredTokenByName() async throws {
        let expired = ScriptedTransport.Step.json(400, #"{"error":"ExpiredToken","message":"Token has expired"}"#)
        let renewed = ScriptedTransport.Step.json(
            200, #"{"accessJwt":"access-2","refreshJwt":"refresh-2","handle":"mirror.test","did":"did:plc:mirror"}"#)
        let transport = ScriptedTransport([Self.session, expired, renewed, Self.posts])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        _ = try await client(transport, clock: clock).send(GetPosts(uris: ["at://did:plc:a/app.bsky.feed.post/3k1"]))
        let calls = transport.requests.map { "\($0.httpMethod ?? "") \($0.url?.path ?? "") \($0.value(forHTTPHeaderField: "Authorization") ?? "-")" }
        #expect(calls == [
            "POST /xrpc/com.atproto.server.createSession -",
            "GET /xrpc/app.bsky.feed.getPosts Bearer access-1",
            "POST /xrpc/com.atproto.server.refreshSession Bearer refresh-1",
            "GET /xrpc/app.bsky.feed.getPosts Bearer access-2",
        ])
        #expect(clock.sleeps.isEmpty)
    }

    @Test("a 429 on one endpoint is waited out until its ratelimit-reset; the window is that endpoint's")
    func rateLimitPerEndpoint() async throws {
        let limited = ScriptedTransport.Step.json(
            429, #"{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}"#,
            headers: ["ratelimit-limit": "3000", "ratelimit-remaining": "0", "ratelimit-reset": "1700000100", "ratelimit-policy": "3000;w=300"])
        let transport = ScriptedTransport([Self.session, limited, Self.posts])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let client = client(transport, clock: clock)
        _ = try await client.send(GetPosts(uris: []))
        #expect(clock.sleeps == [.seconds(101)])
        #expect(await client.rateLimits.window(endpoint: "GET app.bsky.feed.getPosts")?.limit == 3000)
        #expect(await client.rateLimits.window(endpoint: "POST com.atproto.server.createSession") == nil)
    }
}
