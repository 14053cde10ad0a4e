import APIClientCore
import APIClientTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A network in Bluesky's manner: bearer token, `ratelimit-*` headers in Unix
/// seconds per endpoint, 5-minute windows, errors `{"error", "message"}`.
struct TestDialect: APIDialect {
    static let token = "secret-access-jwt"

    /// Sent as the bearer token on every attempt.
    var bearer = TestDialect.token

    static var rateLimitScheme: RateLimitScheme {
        RateLimitScheme(prefixes: ["ratelimit"], reset: .unixSeconds, scope: .endpoint, period: .seconds(300))
    }

    struct ErrorBody: Decodable {
        var error: String
        var message: String?
    }

    static func errorSummary(of body: Data) -> String? {
        (try? JSONDecoder().decode(ErrorBody.self, from: body)).map { $0.message ?? $0.error }
    }

    static func errorCode(of body: Data) -> String? {
        (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error
    }

    func authorize(_ request: inout URLRequest, now: Date) async {
        request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
    }
}

/// The test network's typed error.
enum TestFailure: APIFailure, Equatable {
    case failed(endpoint: String, status: Int, detail: String)
    case rateLimited(endpoint: String, resetAt: Date)
    case outcomeUnknown(endpoint: String, detail: String)
    /// 409: a record with this key exists already.
    case duplicate(endpoint: String, detail: String)
    case refused(endpoint: String, status: Int, detail: String)

    var repeatRefusalDetail: String? {
        if case .duplicate(_, let detail) = self { detail } else { nil }
    }
}

struct Echo: Sendable, Codable, Equatable {
    var ok: Bool
}

/// `GET /xrpc/app.bsky.feed.getTimeline`, or a write when given a body.
struct TestRequest: APIRequest {
    typealias Response = Echo

    var method = "GET"
    var path = "/xrpc/app.bsky.feed.getTimeline"
    var query: [(name: String, value: String)] = []
    var requestBody: RequestBody?
    var headers: [(name: String, value: String)] = []
    var replay = Replay.safe
    var publishes = false

    var pathTemplate: String { path }

    static func createRecord(replay: Replay) -> TestRequest {
        TestRequest(
            method: "POST", path: "/xrpc/com.atproto.repo.createRecord",
            requestBody: .json(Data(#"{"rkey":"3kabc"}"#.utf8)), replay: replay)
    }

    func failure(status: Int, detail: String) -> TestFailure {
        status == 409 ? .duplicate(endpoint: endpoint, detail: detail) : .refused(endpoint: endpoint, status: status, detail: detail)
    }
}

/// A client of the test network on `transport` and `clock`; retries start at 1 s.
func makeClient(
    _ transport: any HTTPTransport, clock: ManualClock, maxAttempts: Int = 4, maxRateLimitWait: Duration? = nil,
    observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in }
) -> APIClient<TestDialect> {
    let configuration = APIClientConfiguration(
        baseURL: URL(string: "https://bsky.test/")!, maxAttempts: maxAttempts, retryBaseDelay: .seconds(1),
        maxRateLimitWait: maxRateLimitWait)
    return APIClient(
        configuration: configuration, dialect: TestDialect(), transport: transport,
        clock: clock, jitter: { 0.5 }, observe: observe)
}
