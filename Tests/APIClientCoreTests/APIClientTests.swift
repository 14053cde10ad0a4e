import APIClientCore
import APIClientTestSupport
import Foundation
import PublishingContext
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("APIClient's attempt loop on a scripted transport, with time that passes only in sleeps")
struct APIClientTests {
    static let ok = ScriptedTransport.Step.json(200, #"{"ok":true}"#)
    static let unavailable = ScriptedTransport.Step.json(503, #"{"error":"Unavailable","message":"try later"}"#)
    static let timeline = "GET /xrpc/app.bsky.feed.getTimeline"
    static let create = "POST /xrpc/com.atproto.repo.createRecord"
    static let t0 = 1_700_000_000.0

    /// A success whose headers say the window is spent until `reset` (seconds since 1970).
    static func spent(until reset: Int) -> ScriptedTransport.Step {
        .json(200, #"{"ok":true}"#, headers: ["ratelimit-remaining": "0", "ratelimit-reset": String(reset)])
    }

    /// A client at `t0` whose first request was answered `spent(until: reset)`; the transport answers ok after it.
    static func clientAfterSpentWindow(until reset: Int) async throws -> (
        client: APIClient<TestDialect>, transport: ScriptedTransport, clock: ManualClock
    ) {
        let transport = ScriptedTransport([spent(until: reset), ok])
        let clock = ManualClock(Date(timeIntervalSince1970: t0))
        let client = makeClient(transport, clock: clock)
        _ = try await client.send(TestRequest())
        return (client, transport, clock)
    }

    /// Answers every request ok, noting the options it was sent with.
    final class OptionsRecorder: HTTPTransport {
        let options = Mutex<[HTTPSendOptions]>([])

        func send(_ request: URLRequest) async throws -> HTTPReply { try await send(request, options: HTTPSendOptions()) }

        func send(_ request: URLRequest, options: HTTPSendOptions) async throws -> HTTPReply {
            self.options.withLock { $0.append(options) }
            return HTTPReply(status: 200, headers: ["content-type": "application/json"], body: Data(#"{"ok":true}"#.utf8))
        }
    }

    @Test("a request that publishes a post goes first and once; a picture fetched for it and any request made while publishing go first; those made while answering or starting a bot soon, unless publishing; others in order")
    func publishesFirst() async throws {
        let transport = OptionsRecorder()
        let client = makeClient(transport, clock: ManualClock(Date(timeIntervalSince1970: Self.t0)))
        var post = TestRequest.createRecord(replay: .refusedWhenRepeated)
        post.publishes = true
        _ = try await client.send(post)
        _ = try await client.send(TestRequest())
        _ = try await client.fetch(URL(string: "https://media.example/a.jpg")!)
        // A post's source looked up as it is published (`PostingLoop`, `ReplyLoop`), from a child task too.
        try await Publishing.run {
            _ = try await client.send(TestRequest())
            _ = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await client.send(TestRequest()) }
                try await group.waitForAll()
            }
        }
        // The reply loop's round: its reads soon; the reply it publishes, and its source's look-up, first.
        try await Answering.run {
            _ = try await client.send(TestRequest())
            try await Publishing.run {
                _ = try await client.send(TestRequest())
                _ = try await client.send(post)
            }
        }
        // A bot's start reading its accounts: soon.
        try await Starting.run { _ = try await client.send(TestRequest()) }
        _ = try await client.send(TestRequest())
        #expect(transport.options.withLock { $0 } == [
            HTTPSendOptions(turn: .first, once: true), HTTPSendOptions(), HTTPSendOptions(turn: .first),
            HTTPSendOptions(turn: .first), HTTPSendOptions(turn: .first), HTTPSendOptions(turn: .soon),
            HTTPSendOptions(turn: .first), HTTPSendOptions(turn: .first, once: true), HTTPSendOptions(turn: .soon), HTTPSendOptions(),
        ])
    }

    @Test("a 5xx, then success: one backoff of 1 s, two attempts, each authorized")
    func serverErrorThenSuccess() async throws {
        let transport = ScriptedTransport([Self.unavailable, Self.ok])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let response = try await makeClient(transport, clock: clock).send(TestRequest())
        #expect(response.value == Echo(ok: true))
        #expect(clock.sleeps == [.seconds(1)])
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer \(TestDialect.token)" })
    }

    @Test("a persistent 5xx: four attempts 1, 2, 4 s apart, then the error with the body's message")
    func persistentServerError() async {
        let transport = ScriptedTransport(Array(repeating: Self.unavailable, count: 10))
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        await #expect(throws: TestFailure.failed(endpoint: Self.timeline, status: 503, detail: "try later")) {
            try await makeClient(transport, clock: clock).send(TestRequest())
        }
        #expect(transport.requests.count == 4)
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4)])
    }

    @Test("dropped connections and unreadable bodies are retried too")
    func transportFailures() async throws {
        let transport = ScriptedTransport([.drop(.networkConnectionLost), .json(200, "<html>"), Self.ok])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        _ = try await makeClient(transport, clock: clock).send(TestRequest())
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
    }

    @Test("a 429 with a reset is waited out until the reset plus the margin, then the request goes through")
    func tooManyRequests() async throws {
        let limited = ScriptedTransport.Step.json(
            429, #"{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}"#,
            headers: ["RateLimit-Limit": "3000", "RateLimit-Remaining": "0", "RateLimit-Reset": "1700000030"])
        let transport = ScriptedTransport([limited, Self.ok])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let client = makeClient(transport, clock: clock)
        _ = try await client.send(TestRequest())
        #expect(clock.sleeps == [.seconds(31)])
        #expect(transport.requests.count == 2)
        #expect(await client.rateLimits.window(endpoint: Self.timeline)?.limit == 3000)
    }

    @Test("a 429 without headers waits one base delay; the third 429 surfaces as rateLimited")
    func repeatedTooManyRequests() async {
        let transport = ScriptedTransport(Array(repeating: .json(429, "{}"), count: 5))
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        // Each 429 guesses a reset 1 s on; the wait adds the 1 s margin.
        await #expect(throws: TestFailure.rateLimited(endpoint: Self.timeline, resetAt: Date(timeIntervalSince1970: Self.t0 + 5))) {
            try await makeClient(transport, clock: clock).send(TestRequest())
        }
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps == [.seconds(2), .seconds(2)])
    }

    @Test("a window a response said is spent is waited out before the next request, without a 429")
    func spentWindow() async throws {
        let (client, transport, clock) = try await Self.clientAfterSpentWindow(until: 1_700_000_060)
        _ = try await client.send(TestRequest())
        #expect(clock.sleeps == [.seconds(61)])
        #expect(transport.requests.count == 2)
    }

    @Test("a reset farther than one window plus a minute throws rateLimited without sending or sleeping")
    func resetTooFar() async throws {
        let (client, transport, clock) = try await Self.clientAfterSpentWindow(until: 1_700_003_600)
        await #expect(throws: TestFailure.rateLimited(endpoint: Self.timeline, resetAt: Date(timeIntervalSince1970: 1_700_003_600))) {
            try await client.send(TestRequest())
        }
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
        // Another endpoint is not held up.
        _ = try await client.send(TestRequest(path: "/xrpc/app.bsky.feed.getAuthorFeed"))
    }

    @Test("a write whose first attempt was lost and whose retry is refused as a repeat is outcomeUnknown")
    func outcomeUnknown() async {
        let duplicate = ScriptedTransport.Step.json(409, #"{"error":"InvalidRequest","message":"Record already exists"}"#)
        let transport = ScriptedTransport([.drop(.networkConnectionLost), duplicate, Self.ok])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        await #expect(throws: TestFailure.outcomeUnknown(
            endpoint: Self.create, detail: "an earlier attempt failed, and the retry was refused as duplicate (Record already exists)")) {
            try await makeClient(transport, clock: clock).send(TestRequest.createRecord(replay: .refusedWhenRepeated))
        }
        #expect(transport.requests.count == 2)
    }

    @Test("a write answered 2xx with an unreadable body is outcomeUnknown and never sent again")
    func unreadableSuccess() async {
        let transport = ScriptedTransport([.json(200, "garbled"), Self.ok])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        await #expect(throws: TestFailure.outcomeUnknown(endpoint: Self.create, detail: "undecodable response body")) {
            try await makeClient(transport, clock: clock).send(TestRequest.createRecord(replay: .refusedWhenRepeated))
        }
        #expect(transport.requests.count == 1)
    }

    @Test("a write safe to repeat (an idempotency key) is retried after an unreadable answer")
    func safeWrite() async throws {
        let transport = ScriptedTransport([.json(200, "garbled"), Self.ok])
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let request = TestRequest.createRecord(replay: .safe)
        _ = try await makeClient(transport, clock: clock).send(request)
        #expect(transport.requests.count == 2)
    }

    @Test("another 4xx is the request's own refusal, sent once, with the body's message")
    func refusal() async {
        let transport = ScriptedTransport([.json(400, #"{"error":"InvalidRequest","message":"bad\ncursor"}"#), Self.ok])
        await #expect(throws: TestFailure.refused(endpoint: Self.timeline, status: 400, detail: "bad cursor")) {
            try await makeClient(transport, clock: ManualClock(Date(timeIntervalSince1970: 1_700_000_000))).send(TestRequest())
        }
        #expect(transport.requests.count == 1)
    }

    @Test("the request on the wire: base URL and path, encoded query, headers and body")
    func wire() async throws {
        let transport = ScriptedTransport([Self.ok])
        var request = TestRequest.createRecord(replay: .safe)
        request.query = [("repo", "did:plc:abc"), ("note", "a b&c")]
        request.headers = [("Idempotency-Key", "k-1")]
        _ = try await makeClient(transport, clock: ManualClock(Date(timeIntervalSince1970: 1_700_000_000))).send(request)
        let sent = try #require(transport.requests.first)
        #expect(sent.url?.absoluteString == "https://bsky.test/xrpc/com.atproto.repo.createRecord?repo=did%3Aplc%3Aabc&note=a%20b%26c")
        #expect(sent.httpMethod == "POST")
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(sent.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(sent.value(forHTTPHeaderField: "User-Agent") == "mirror-bot")
        #expect(sent.value(forHTTPHeaderField: "Idempotency-Key") == "k-1")
        #expect(sent.httpBody == Data(#"{"rkey":"3kabc"}"#.utf8))
    }

    @Test("error texts never carry the token")
    func noSecret() async {
        let transport = ScriptedTransport([.json(401, #"{"error":"InvalidToken","message":"Bad token"}"#)])
        let error = await #expect(throws: TestFailure.self) {
            try await makeClient(transport, clock: ManualClock(Date(timeIntervalSince1970: 1_700_000_000))).send(TestRequest())
        }
        #expect(!String(describing: error).contains(TestDialect.token))
    }

    @Test("a cancelled request sends nothing")
    func cancelled() async {
        let transport = ScriptedTransport([Self.ok])
        let client = makeClient(transport, clock: ManualClock(Date(timeIntervalSince1970: 1_700_000_000)))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(TestRequest())
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(transport.requests.isEmpty)
    }
}
