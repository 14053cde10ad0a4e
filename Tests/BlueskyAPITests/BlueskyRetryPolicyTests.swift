import APIClientCore
import BlueskyAPI
import Foundation
import Testing

/// The shared `RetryPolicy` with Bluesky's errors: what is Bluesky's own here is
/// which refusals may answer a repeated record write (`repeatRefusalDetail`).
/// Backoff, 429 waits and the attempt count are the core's (`RetryPolicyTests`).
@Suite("The shared retry policy with Bluesky's errors")
struct BlueskyRetryPolicyTests {
    let configuration = BlueskyClientConfiguration(serviceURL: URL(fileURLWithPath: "/"), maxAttempts: 3, retryBaseDelay: .seconds(1))

    func decide(_ outcomes: [AttemptOutcome<Int, BlueskyAPIError>], replay: Replay) -> [String] {
        var policy = RetryPolicy(
            endpoint: "POST x", replay: replay, configuration: configuration.client, ratePeriod: RateLimitScheme.bluesky.period)
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

    @Test("a record write refused after an unanswered attempt may exist: outcome unknown")
    func refusedAfterLostAnswer() {
        let refused = BlueskyAPIError.failed(endpoint: "POST x", status: 400, error: "InvalidRequest", detail: "Record already exists")
        #expect(decide([.retryable(status: 0, detail: "lost"), .final(refused)], replay: .refusedWhenRepeated) == ["backOff 1.0 seconds", "outcomeUnknown"])
        #expect(decide([.retryable(status: 0, detail: "lost"), .final(refused)], replay: .safe).last?.hasPrefix("fail") == true)
        #expect(decide([.final(refused)], replay: .refusedWhenRepeated) == ["fail POST x: HTTP 400: InvalidRequest: Record already exists"])
        #expect(decide([.retryable(status: 200, detail: "undecodable")], replay: .refusedWhenRepeated) == ["outcomeUnknown"])
    }

    @Test("an expired token or refused credentials after a lost answer stay what they are (the session is renewed, the write retried)")
    func tokenAfterLostAnswer() {
        let expired = BlueskyAPIError.expiredToken(endpoint: "POST x", detail: "Token has expired")
        #expect(decide([.retryable(status: 0, detail: "lost"), .final(expired)], replay: .refusedWhenRepeated).last == "fail POST x: ExpiredToken: Token has expired")
        let invalid = BlueskyAPIError.invalidToken(endpoint: "POST x", detail: "Token could not be verified")
        #expect(decide([.retryable(status: 502, detail: "bad gateway"), .final(invalid)], replay: .refusedWhenRepeated).last?.hasPrefix("fail POST x: InvalidToken") == true)
        let unauthorized = BlueskyAPIError.unauthorized(endpoint: "POST x", detail: "Authentication Required")
        #expect(decide([.retryable(status: 0, detail: "lost"), .final(unauthorized)], replay: .refusedWhenRepeated).last?.contains("401") == true)
    }

    @Test("the wait for a reset is bounded by Bluesky's 5-minute window plus a minute")
    func resetBound() {
        let policy = RetryPolicy(
            endpoint: "GET x", replay: .safe, configuration: configuration.client, ratePeriod: RateLimitScheme.bluesky.period)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(policy.waitForReset(at: now.addingTimeInterval(358), now: now) == .seconds(359))
        #expect(policy.waitForReset(at: now.addingTimeInterval(360), now: now) == nil)
    }
}
