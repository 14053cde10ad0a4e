import Clocks
import Foundation

/// Sends `APIRequest`s for one account of one network: waits out spent
/// rate-limit windows, retries what `RetryPolicy` says to retry, and throws the
/// request's own typed error when it gives up. `XClient`, `MastodonClient` and
/// `BlueskyClient` are this with their `APIDialect`.
///
/// Time is injected: `clock` reads reset times, stamps each attempt and does
/// every wait (the default, `SystemClock`, ends on cancellation), `jitter`
/// spreads the backoff. `observe` hears every attempt, retry, rate-limit wait
/// and give-up (`APIClientEvent`), synchronously, on the sending task: keep it quick.
public final class APIClient<Dialect: APIDialect>: Sendable {
    public let configuration: APIClientConfiguration
    public let rateLimits: RateLimitBook
    let dialect: Dialect
    let transport: any HTTPTransport
    let clock: any BotClock
    let jitter: @Sendable () -> Double
    let observe: @Sendable (APIClientEvent) -> Void

    /// `transport` defaults to a `CurlTransport` with the configured timeout; `appRateLimits`
    /// are the windows this account shares with the other accounts of its app (nil: none shared).
    public init(
        configuration: APIClientConfiguration, dialect: Dialect, transport: (any HTTPTransport)? = nil,
        clock: any BotClock = SystemClock(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in },
        appRateLimits: AppRateLimits? = nil
    ) {
        self.configuration = configuration
        self.rateLimits = RateLimitBook(scheme: Dialect.rateLimitScheme, app: appRateLimits)
        self.dialect = dialect
        self.transport = transport ?? CurlTransport(timeout: configuration.timeout)
        self.clock = clock
        self.jitter = jitter
        self.observe = observe
    }

    /// Sends `request` and decodes its response. Throws `R.Failure` (or `CancellationError`).
    public func send<R: APIRequest>(_ request: R) async throws -> APIResponse<R.Response> {
        try await send(request, dialect: dialect)
    }

    /// Sends `request` with `dialect` authorizing every attempt instead of the client's own
    /// (credentials that change between calls: Bluesky's access and refresh tokens).
    public func send<R: APIRequest>(_ request: R, dialect: Dialect) async throws -> APIResponse<R.Response> {
        var policy = RetryPolicy(
            endpoint: request.endpoint, replay: request.replay, configuration: configuration,
            ratePeriod: Dialect.rateLimitScheme.period)
        while true {
            try Task.checkCancellation()
            try await waitForRateLimit(policy, family: request.rateLimitFamily, failure: R.Failure.self)
            let outcome = await attemptOnce(request, dialect: dialect)
            try Task.checkCancellation()
            switch policy.next(after: outcome, jitter: jitter()) {
            case .succeed(let response):
                return response
            case .backOff(let delay):
                observe(.retrying(endpoint: policy.endpoint, attempts: policy.attempts, delay: delay))
                try await clock.sleep(for: delay)
            case .awaitReset:
                continue
            case .fail(let error):
                observe(.gaveUp(endpoint: policy.endpoint, reason: APIClientEvent.GiveUp(outcome), error: "\(error)"))
                throw error
            }
        }
    }

    /// Sleeps until the spent windows of the endpoint (and its limit family) reset (plus the
    /// margin), or throws `.rateLimited` when that is farther than the allowed wait.
    func waitForRateLimit<Failure: APIFailure>(_ policy: RetryPolicy, family: String?, failure: Failure.Type) async throws {
        let now = clock.now()
        guard let resetAt = await rateLimits.blockedUntil(endpoint: policy.endpoint, family: family, now: now) else { return }
        guard let wait = policy.waitForReset(at: resetAt, now: now) else {
            let error = Failure.rateLimited(endpoint: policy.endpoint, resetAt: resetAt)
            observe(.gaveUp(endpoint: policy.endpoint, reason: .rateLimited, error: "\(error)"))
            throw error
        }
        observe(.waitingForRateLimit(endpoint: policy.endpoint, duration: wait))
        try await clock.sleep(for: wait)
    }
}
