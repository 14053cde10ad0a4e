import BlueskyAPI
import Foundation
import Testing

@Suite("The Bluesky retry policy, as a plain value")
struct BlueskyRetryPolicyTests {
    let configuration = BlueskyClientConfiguration(serviceURL: URL(fileURLWithPath: "/"), maxAttempts: 3, retryBaseDelay: .seconds(1))

    func decide(_ outcomes: [BlueskyAttemptOutcome<Int>], replay: BlueskyReplay) -> [String] {
        var policy = BlueskyRetryPolicy(endpoint: "POST x", replay: replay, configuration: configuration)
        return outcomes.map { outcome in
            switch policy.next(after: outcome, jitter: 0.5) {
            case .succeed(let value): "succeed \(value)"
            case .backOff(let delay): "backOff \(delay)"
            case .awaitReset: "awaitReset"
            case .fail(let error):
                switch error {
                case .outcomeUnknown: "outcomeUnknown"
                default: "fail \(error)"
                }
            }
        }
    }

    @Test("5xx is retried with doubling backoff, then fails")
    func backoff() {
        let outcomes: [BlueskyAttemptOutcome<Int>] = Array(repeating: .retryable(status: 503, detail: "down"), count: 3)
        #expect(decide(outcomes, replay: .safe) == ["backOff 1.0 seconds", "backOff 2.0 seconds", "fail POST x: HTTP 503: down"])
    }

    @Test("a record write refused after an unanswered attempt may exist: outcome unknown")
    func refusedAfterLostAnswer() {
        let refused = BlueskyAPIError.failed(endpoint: "POST x", status: 400, error: "InvalidRequest", detail: "Record already exists")
        #expect(decide([.retryable(status: 0, detail: "lost"), .final(refused)], replay: .refusedWhenRepeated) == ["backOff 1.0 seconds", "outcomeUnknown"])
        #expect(decide([.retryable(status: 0, detail: "lost"), .final(refused)], replay: .safe).last?.hasPrefix("fail") == true)
        #expect(decide([.retryable(status: 200, detail: "undecodable")], replay: .refusedWhenRepeated) == ["outcomeUnknown"])
    }

    @Test("an expired token after a lost answer is still a token refusal (the session is renewed, the write retried)")
    func tokenAfterLostAnswer() {
        let expired = BlueskyAPIError.expiredToken(endpoint: "POST x", detail: "Token has expired")
        #expect(decide([.retryable(status: 0, detail: "lost"), .final(expired)], replay: .refusedWhenRepeated).last == "fail POST x: ExpiredToken: Token has expired")
    }

    @Test("429s are waited out twice, then fail as rate limited")
    func rateLimited() {
        let reset = Date(timeIntervalSince1970: 100)
        let results = decide(Array(repeating: .rateLimited(resetAt: reset), count: 3), replay: .safe)
        #expect(results.prefix(2) == ["awaitReset", "awaitReset"])
        #expect(results.last?.contains("rate limit") == true)
    }
}
