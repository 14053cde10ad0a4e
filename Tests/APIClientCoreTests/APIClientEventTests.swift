import APIClientCore
import APIClientTestSupport
import Foundation
import Synchronization
import Testing

/// Collects what a client tells its observer.
private final class EventLog: Sendable {
    private let events = Mutex<[APIClientEvent]>([])
    var all: [APIClientEvent] { events.withLock { $0 } }
    func record(_ event: APIClientEvent) { events.withLock { $0.append(event) } }
}

@Suite("APIClient's observer hears every attempt, retry, rate-limit wait and give-up")
struct APIClientEventTests {
    typealias T = APIClientTests
    static let limited = ScriptedTransport.Step.json(
        429, #"{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}"#,
        headers: ["ratelimit-remaining": "0", "ratelimit-reset": "1700000030"])

    /// The events of sending `requests` in turn over `steps`; each send's error is ignored.
    func events(_ steps: [ScriptedTransport.Step], maxAttempts: Int = 4, _ requests: [TestRequest] = [TestRequest()]) async -> [APIClientEvent] {
        let log = EventLog()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
        let client = makeClient(ScriptedTransport(steps), clock: clock, maxAttempts: maxAttempts, observe: log.record)
        for request in requests { _ = try? await client.send(request) }
        return log.all
    }

    @Test("a 5xx, then success: two attempts with their statuses and the retry between them with its delay")
    func retried() async {
        #expect(await events([T.unavailable, T.ok]) == [
            .attempted(endpoint: T.timeline, status: 503),
            .retrying(endpoint: T.timeline, attempts: 1, delay: .seconds(1)),
            .attempted(endpoint: T.timeline, status: 200),
        ])
    }

    @Test("a 429 is an attempt, then a wait until the reset plus the margin")
    func rateLimitWait() async {
        #expect(await events([Self.limited, T.ok]) == [
            .attempted(endpoint: T.timeline, status: 429),
            .waitingForRateLimit(endpoint: T.timeline, duration: .seconds(31)),
            .attempted(endpoint: T.timeline, status: 200),
        ])
    }

    @Test("a lost connection is an attempt without a status; the last one gives up, saying why")
    func exhausted() async {
        let events = await events([.drop(.networkConnectionLost), T.unavailable], maxAttempts: 2)
        #expect(events.count == 4)
        #expect(events.prefix(3) == [
            .attempted(endpoint: T.timeline, status: 0),
            .retrying(endpoint: T.timeline, attempts: 1, delay: .seconds(1)),
            .attempted(endpoint: T.timeline, status: 503),
        ])
        guard case .gaveUp(T.timeline, .noClearAnswer, let error) = events.last else {
            Issue.record("expected a give-up, got \(String(describing: events.last))")
            return
        }
        #expect(error.contains("503") && error.contains("try later"))
        #expect(!error.contains(TestDialect.token))
    }

    @Test("a refusal gives up at once")
    func refused() async {
        let events = await events([.json(404, #"{"error":"NotFound","message":"no such record"}"#)])
        #expect(events.first == .attempted(endpoint: T.timeline, status: 404))
        guard events.count == 2, case .gaveUp(T.timeline, .refused, _) = events[1] else {
            Issue.record("expected attempt and give-up, got \(events)")
            return
        }
    }

    @Test("429s that keep coming give up as rate limited")
    func keptLimited() async {
        // Without headers each 429 guesses a reset 1 s on; the waits add the 1 s margin.
        let events = await events(Array(repeating: .json(429, "{}"), count: 5))
        let waits = events.filter { if case .waitingForRateLimit = $0 { true } else { false } }
        #expect(waits == Array(repeating: .waitingForRateLimit(endpoint: T.timeline, duration: .seconds(2)), count: 2))
        #expect(events.count == 6)
        guard case .gaveUp(T.timeline, .rateLimited, _) = events.last else {
            Issue.record("expected a rate-limited give-up, got \(events)")
            return
        }
    }

    @Test("a window spent past the allowed wait gives up before sending: no attempt")
    func resetTooFar() async {
        let events = await events([T.spent(until: 1_700_003_600), T.ok], [TestRequest(), TestRequest()])
        #expect(events.count == 2)
        #expect(events.first == .attempted(endpoint: T.timeline, status: 200))
        guard case .gaveUp(T.timeline, .rateLimited, _) = events.last else {
            Issue.record("expected a rate-limited give-up, got \(events)")
            return
        }
    }

    @Test("a write whose outcome is unknown gives up for want of a clear answer, sent once")
    func unreadableWrite() async {
        let events = await events([.json(200, "garbled"), T.ok], [TestRequest.createRecord(replay: .refusedWhenRepeated)])
        #expect(events.first == .attempted(endpoint: T.create, status: 200))
        guard events.count == 2, case .gaveUp(T.create, .noClearAnswer, let error) = events[1] else {
            Issue.record("expected attempt and give-up, got \(events)")
            return
        }
        #expect(error.contains("outcomeUnknown"))
    }
}
