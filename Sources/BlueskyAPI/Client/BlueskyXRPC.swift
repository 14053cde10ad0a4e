import Foundation

/// The attempt loop under `BlueskyClient`: sends one `XRPCRequest` with the
/// token it is given, waits out spent rate-limit windows, retries what
/// `BlueskyRetryPolicy` says to retry, and throws `BlueskyAPIError` when it
/// gives up. It knows nothing of sessions (`APIClient<BlueskyDialect>` in the
/// shared client core: this file, `+Attempt`, the policy, the book, the
/// transport and the timestamp parser are what moves there).
///
/// Time is injected: `now` reads reset times, `sleep` does every wait, `jitter` spreads the backoff.
public final class BlueskyXRPC: Sendable {
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    public let configuration: BlueskyClientConfiguration
    public let rateLimits = BlueskyRateLimitBook()
    let transport: any BlueskyHTTPTransport
    let sleep: Sleep
    let now: @Sendable () -> Date
    let jitter: @Sendable () -> Double

    public init(
        configuration: BlueskyClientConfiguration, transport: (any BlueskyHTTPTransport)? = nil,
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.configuration = configuration
        self.transport = transport ?? URLSessionBlueskyTransport(timeout: configuration.timeout)
        self.sleep = sleep
        self.now = now
        self.jitter = jitter
    }

    /// Sends `request` authorized by `dialect` and decodes its response.
    public func send<R: XRPCRequest>(_ request: R, dialect: BlueskyDialect) async throws -> R.Response {
        var policy = BlueskyRetryPolicy(endpoint: request.endpoint, replay: request.replay, configuration: configuration)
        while true {
            try Task.checkCancellation()
            try await waitForRateLimit(policy)
            let outcome = await attemptOnce(request, dialect: dialect)
            try Task.checkCancellation()
            switch policy.next(after: outcome, jitter: jitter()) {
            case .succeed(let response): return response
            case .backOff(let delay): try await sleep(delay)
            case .awaitReset: continue
            case .fail(let error): throw error
            }
        }
    }

    /// Sleeps until the endpoint's spent window resets (plus the margin), or throws
    /// `.rateLimited` when that is farther than the allowed wait.
    func waitForRateLimit(_ policy: BlueskyRetryPolicy) async throws {
        let now = now()
        guard let resetAt = await rateLimits.blockedUntil(endpoint: policy.endpoint, now: now) else { return }
        guard let wait = policy.waitForReset(at: resetAt, now: now) else {
            throw BlueskyAPIError.rateLimited(endpoint: policy.endpoint, resetAt: resetAt)
        }
        try await sleep(wait)
    }
}
