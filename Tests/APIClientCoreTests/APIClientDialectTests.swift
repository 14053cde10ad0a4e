import APIClientCore
import APIClientTestSupport
import Foundation
import Testing

/// A request that reads the error body's name, as Bluesky's do.
private struct NamedRefusalRequest: APIRequest {
    typealias Response = Echo
    var method: String { "GET" }
    var path: String { "/xrpc/com.atproto.server.getSession" }
    var pathTemplate: String { path }

    func failure(status: Int, detail: String) -> TestFailure {
        .refused(endpoint: endpoint, status: status, detail: "no name: \(detail)")
    }

    func failure(status: Int, errorCode: String?, detail: String) -> TestFailure {
        .refused(endpoint: endpoint, status: status, detail: "\(errorCode ?? "no name"): \(detail)")
    }
}

/// A write whose body cannot be encoded.
private struct UnencodableRequest: APIRequest {
    struct Unencodable: Error {}
    typealias Response = Echo
    var method: String { "POST" }
    var path: String { "/xrpc/com.atproto.repo.createRecord" }
    var pathTemplate: String { path }
    var requestBody: RequestBody? { get throws { throw Unencodable() } }

    func failure(status: Int, detail: String) -> TestFailure {
        .refused(endpoint: endpoint, status: status, detail: detail)
    }
}

@Suite("What a dialect hands the attempt loop: error names, credentials per call")
struct APIClientDialectTests {
    static let expired = ScriptedTransport.Step.json(400, #"{"error":"ExpiredToken","message":"Token has expired"}"#)
    static let session = "GET /xrpc/com.atproto.server.getSession"

    /// What sending `request` once over `steps` throws, how many requests went out, and the sleeps.
    func failure<R: APIRequest>(of request: R, _ steps: [ScriptedTransport.Step]) async -> (R.Failure?, sent: Int, slept: Int) {
        let transport = ScriptedTransport(steps)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        do {
            _ = try await makeClient(transport, clock: clock).send(request)
            return (nil, transport.requests.count, clock.sleeps.count)
        } catch {
            return (error as? R.Failure, transport.requests.count, clock.sleeps.count)
        }
    }

    @Test("a refusal's error name reaches a request that reads it, with the detail, sent once")
    func errorName() async {
        let result = await failure(of: NamedRefusalRequest(), [Self.expired])
        #expect(result.0 == .refused(endpoint: Self.session, status: 400, detail: "ExpiredToken: Token has expired"))
        #expect(result.sent == 1 && result.slept == 0)
    }

    @Test("a body that is not the network's error JSON has no name")
    func noErrorName() async {
        let result = await failure(of: NamedRefusalRequest(), [.json(403, "<html>forbidden</html>")])
        #expect(result.0 == .refused(endpoint: Self.session, status: 403, detail: "no name: non-JSON body"))
    }

    @Test("a request that does not read names gets the two-argument failure, as before")
    func nameIgnored() async {
        let result = await failure(of: TestRequest(), [Self.expired])
        #expect(result.0 == .refused(endpoint: APIClientTests.timeline, status: 400, detail: "Token has expired"))
    }

    @Test("a dialect given for one call authorizes each of its attempts; the client's own stays for the others")
    func dialectPerCall() async throws {
        let transport = ScriptedTransport([APIClientTests.unavailable, APIClientTests.ok, APIClientTests.ok])
        let client = makeClient(transport, clock: ManualClock(Date(timeIntervalSince1970: 1_700_000_000)))
        _ = try await client.send(TestRequest(), dialect: TestDialect(bearer: "refresh-jwt"))
        _ = try await client.send(TestRequest())
        let tokens = transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") }
        #expect(tokens == ["Bearer refresh-jwt", "Bearer refresh-jwt", "Bearer \(TestDialect.token)"])
    }

    @Test("a body that cannot be encoded fails at once, and nothing is sent")
    func unencodableBody() async {
        let result = await failure(of: UnencodableRequest(), [APIClientTests.ok])
        #expect(result.0 == .failed(endpoint: "POST /xrpc/com.atproto.repo.createRecord", status: 0, detail: "the request body could not be encoded"))
        #expect(result.sent == 0 && result.slept == 0)
    }
}
