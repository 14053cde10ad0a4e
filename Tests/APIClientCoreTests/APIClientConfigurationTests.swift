import APIClientCore
import Foundation
import Testing

@Suite("APIClientConfiguration bounds its numbers once and computes the backoff")
struct APIClientConfigurationTests {
    static let base = URL(string: "https://api.example")!

    @Test("out-of-range values are clamped")
    func clamps() {
        let configuration = APIClientConfiguration(
            baseURL: Self.base, maxAttempts: 0, retryBaseDelay: .seconds(-1), maxRetryDelay: .seconds(-5),
            maxRateLimitWait: .seconds(-2), rateLimitMargin: .seconds(-1), maxRateLimitRetries: -3, timeout: 0)
        #expect(configuration.maxAttempts == 1)
        #expect(configuration.maxRateLimitRetries == 0)
        #expect(configuration.retryBaseDelay == .zero)
        #expect(configuration.maxRetryDelay == .zero)
        #expect(configuration.maxRateLimitWait == .zero)
        #expect(configuration.rateLimitMargin == .zero)
        #expect(configuration.timeout == 30)
    }

    @Test("the defaults: 4 attempts from 1 s, at most 60 s apart, 2 rate-limit waits with a 1 s margin, 30 s timeout")
    func defaults() {
        let configuration = APIClientConfiguration(baseURL: Self.base)
        #expect(configuration.maxAttempts == 4)
        #expect(configuration.retryBaseDelay == .seconds(1))
        #expect(configuration.maxRetryDelay == .seconds(60))
        #expect(configuration.maxRateLimitWait == nil)
        #expect(configuration.rateLimitMargin == .seconds(1))
        #expect(configuration.maxRateLimitRetries == 2)
        #expect(configuration.timeout == 30)
    }

    // base 1 s, cap 10 s: 1 s * 2^(retry-1) * (0.5 + jitter), at most 10 s.
    @Test("backoff doubles per retry and stops at the cap", arguments: [
        (1, 0.5, Duration.seconds(1)), (2, 0.5, .seconds(2)), (3, 0.5, .seconds(4)), (4, 0.5, .seconds(8)),
        (5, 0.5, .seconds(10)), (6, 0.5, .seconds(10)), (1_000, 0.5, .seconds(10)),
        (1, 0.0, .milliseconds(500)), (2, 0.0, .seconds(1)), (3, 0.25, .seconds(3)), (0, 0.5, .seconds(1)),
        (4, 0.99, .seconds(10)), (3, 0.99, .milliseconds(5_960)),
    ])
    func backoff(retry: Int, jitter: Double, expected: Duration) {
        let configuration = APIClientConfiguration(baseURL: Self.base, retryBaseDelay: .seconds(1), maxRetryDelay: .seconds(10))
        let delay = configuration.retryBackoff.delay(retry: retry, jitter: jitter)
        #expect(abs((delay - expected) / .microseconds(1)) < 1, "\(delay)")
    }

    @Test("without a bound of its own, the wait for a reset is one window plus a minute")
    func rateLimitWaitBound() {
        let unbounded = APIClientConfiguration(baseURL: Self.base)
        #expect(unbounded.rateLimitWaitBound(period: .seconds(15 * 60)) == .seconds(16 * 60))
        #expect(unbounded.rateLimitWaitBound(period: .seconds(5 * 60)) == .seconds(6 * 60))
        let bounded = APIClientConfiguration(baseURL: Self.base, maxRateLimitWait: .seconds(5))
        #expect(bounded.rateLimitWaitBound(period: .seconds(15 * 60)) == .seconds(5))
    }
}
