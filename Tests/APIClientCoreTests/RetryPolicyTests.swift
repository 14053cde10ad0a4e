import APIClientCore
import Foundation
import Testing

@Suite("RetryPolicy decides what follows each attempt")
struct RetryPolicyTests {
    typealias Outcome = AttemptOutcome<Echo, TestFailure>
    static let endpoint = "POST /xrpc/com.atproto.repo.createRecord"
    static let configuration = APIClientConfiguration(
        baseURL: URL(string: "https://bsky.test")!, maxAttempts: 4, retryBaseDelay: .seconds(1))

    func policy(_ replay: Replay = .safe) -> RetryPolicy {
        RetryPolicy(endpoint: Self.endpoint, replay: replay, configuration: Self.configuration, ratePeriod: .seconds(300))
    }

    @Test("a success is handed over")
    func success() {
        var policy = policy()
        #expect(policy.next(after: Outcome.success(Echo(ok: true)), jitter: 0.5) == .succeed(Echo(ok: true)))
    }

    @Test("no clear answer backs off 1, 2, 4 s, then the fourth failure surfaces")
    func persistent() {
        var policy = policy()
        let unavailable = Outcome.retryable(status: 503, detail: "try later")
        #expect(policy.next(after: unavailable, jitter: 0.5) == .backOff(.seconds(1)))
        #expect(policy.next(after: Outcome.retryable(status: 0, detail: "connection failed"), jitter: 0.5) == .backOff(.seconds(2)))
        #expect(policy.next(after: Outcome.retryable(status: 200, detail: "undecodable response body"), jitter: 0.5) == .backOff(.seconds(4)))
        #expect(policy.next(after: unavailable, jitter: 0.5) == .fail(.failed(endpoint: Self.endpoint, status: 503, detail: "try later")))
        #expect(policy.attempts == 4)
    }

    @Test("a 429 is waited out twice, not counted as an attempt; the third surfaces as rateLimited")
    func rateLimited() {
        var policy = policy()
        let reset = Date(timeIntervalSince1970: 1_700_000_030)
        #expect(policy.next(after: Outcome.rateLimited(resetAt: reset), jitter: 0.5) == .awaitReset)
        #expect(policy.next(after: Outcome.retryable(status: 502, detail: "bad gateway"), jitter: 0.5) == .backOff(.seconds(1)))
        #expect(policy.next(after: Outcome.rateLimited(resetAt: reset), jitter: 0.5) == .awaitReset)
        #expect(policy.next(after: Outcome.rateLimited(resetAt: reset), jitter: 0.5) == .fail(.rateLimited(endpoint: Self.endpoint, resetAt: reset)))
        #expect(policy.attempts == 1 && policy.rateLimitWaits == 2)
    }

    @Test("a refusal is final")
    func refusal() {
        var policy = policy(.refusedWhenRepeated)
        let refused = TestFailure.refused(endpoint: Self.endpoint, status: 400, detail: "bad record")
        #expect(policy.next(after: Outcome.final(refused), jitter: 0.5) == .fail(refused))
    }

    @Test("a write refused as a repeat after an unclear attempt is outcomeUnknown")
    func refusedRetry() {
        var policy = policy(.refusedWhenRepeated)
        #expect(policy.next(after: Outcome.retryable(status: 0, detail: "connection failed"), jitter: 0.5) == .backOff(.seconds(1)))
        #expect(policy.mayHaveTakenEffect)
        let duplicate = TestFailure.duplicate(endpoint: Self.endpoint, detail: "Record already exists")
        #expect(policy.next(after: Outcome.final(duplicate), jitter: 0.5) == .fail(.outcomeUnknown(
            endpoint: Self.endpoint, detail: "an earlier attempt failed, and the retry was refused as duplicate (Record already exists)")))
    }

    @Test("a repeat refusal at the first attempt, or of a safe request, is the refusal itself")
    func plainDuplicate() {
        let duplicate = TestFailure.duplicate(endpoint: Self.endpoint, detail: "Record already exists")
        var first = policy(.refusedWhenRepeated)
        #expect(first.next(after: Outcome.final(duplicate), jitter: 0.5) == .fail(duplicate))
        var safe = policy(.safe)
        #expect(safe.next(after: Outcome.retryable(status: 503, detail: "x"), jitter: 0.5) == .backOff(.seconds(1)))
        #expect(!safe.mayHaveTakenEffect)
        #expect(safe.next(after: Outcome.final(duplicate), jitter: 0.5) == .fail(duplicate))
    }

    @Test("an unreadable 2xx to a write that is not safe to repeat is outcomeUnknown at once; a safe one is retried")
    func unreadableSuccess() {
        let garbled = Outcome.retryable(status: 201, detail: "undecodable response body")
        var write = policy(.refusedWhenRepeated)
        #expect(write.next(after: garbled, jitter: 0.5) == .fail(.outcomeUnknown(endpoint: Self.endpoint, detail: "undecodable response body")))
        var safe = policy(.safe)
        #expect(safe.next(after: garbled, jitter: 0.5) == .backOff(.seconds(1)))
    }

    @Test("the last attempt of a write that may have gone out still surfaces as its failure")
    func lastAttempt() {
        var policy = policy(.refusedWhenRepeated)
        for delay in [1, 2, 4] {
            #expect(policy.next(after: Outcome.retryable(status: 503, detail: "x"), jitter: 0.5) == .backOff(.seconds(delay)))
        }
        #expect(policy.next(after: Outcome.retryable(status: 503, detail: "x"), jitter: 0.5) == .fail(.failed(endpoint: Self.endpoint, status: 503, detail: "x")))
    }

    @Test("a spent window is waited for until its reset plus the margin, within the bound")
    func waitForReset() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let policy = policy()  // 5-minute windows: the bound is 6 minutes; margin 1 s
        #expect(policy.maxRateLimitWait == .seconds(360))
        #expect(policy.waitForReset(at: now.addingTimeInterval(30), now: now) == .seconds(31))
        #expect(policy.waitForReset(at: now.addingTimeInterval(359), now: now) == .seconds(360))
        #expect(policy.waitForReset(at: now.addingTimeInterval(359.5), now: now) == nil)
        #expect(policy.waitForReset(at: now.addingTimeInterval(3_600), now: now) == nil)
    }
}
