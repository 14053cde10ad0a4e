import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends typed `XRequest`s for one account: signs each attempt, obeys rate
/// limits, retries transient failures, and classifies X's refusals.
///
/// Time is injected: `now` for reading reset times, `sleep` for every wait
/// (tests observe it); the default sleep is `Task.sleep`, so waits end on cancellation.
public final class XClient: Sendable {
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    public let configuration: XClientConfiguration
    public let rateLimits = RateLimitBook()
    let signer: OAuthSigner
    let session: URLSession
    let sleep: Sleep
    let now: @Sendable () -> Date
    let nonce: @Sendable () -> String
    let jitter: @Sendable () -> Double

    public init(
        credentials: OAuthCredentials, configuration: XClientConfiguration = XClientConfiguration(),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() },
        nonce: @escaping @Sendable () -> String = { OAuthSigner.randomNonce() },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.configuration = configuration
        self.signer = OAuthSigner(credentials: credentials)
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        self.session = URLSession(configuration: sessionConfiguration)
        self.sleep = sleep
        self.now = now
        self.nonce = nonce
        self.jitter = jitter
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends `request` and decodes its response, waiting out rate limits and
    /// retrying 5xx, connection failures and undecodable bodies with backoff.
    /// Throws `XAPIError` (or `CancellationError`).
    public func send<R: XRequest>(_ request: R) async throws -> R.Response {
        let endpoint = request.endpoint
        var attempt = 0
        var rateLimitWaits = 0
        // A post attempt that failed without a clear answer may have created the post.
        var mayHavePosted = false
        while true {
            try Task.checkCancellation()
            try await waitForRateLimit(endpoint: endpoint)
            attempt += 1
            let outcome = await attemptOnce(request)
            try Task.checkCancellation()
            switch outcome {
            case .success(let response):
                return response
            case .rateLimited(let resetAt):
                await rateLimits.markSpent(endpoint: endpoint, resetAt: resetAt)
                guard rateLimitWaits < configuration.maxRateLimitRetries else {
                    throw XAPIError.rateLimited(endpoint: endpoint, resetAt: resetAt)
                }
                rateLimitWaits += 1
                attempt -= 1
            case .retryable(let error):
                if case .createTweet = request.refusal, case .failed(_, let status, let detail) = error {
                    // A 2xx whose body we cannot read did create the post: never send it again.
                    if (200..<300).contains(status) { throw XAPIError.outcomeUnknown(endpoint: endpoint, detail: detail) }
                    mayHavePosted = true
                }
                guard attempt < configuration.maxAttempts else { throw error }
                try await sleep(configuration.backoff(retry: attempt, jitter: jitter()))
            case .final(.duplicateContent(_, let detail)) where mayHavePosted:
                throw XAPIError.outcomeUnknown(endpoint: endpoint, detail: "an earlier attempt failed, and the retry was refused as duplicate (\(detail))")
            case .final(let error):
                throw error
            }
        }
    }

    /// Sleeps until the endpoint's spent window resets (plus the margin), or
    /// throws `.rateLimited` when that is farther than `maxRateLimitWait`.
    func waitForRateLimit(endpoint: String) async throws {
        let now = now()
        guard let resetAt = await rateLimits.blockedUntil(endpoint: endpoint, now: now) else { return }
        let wait = Duration.seconds(resetAt.timeIntervalSince(now)) + configuration.rateLimitMargin
        guard wait <= configuration.maxRateLimitWait else {
            throw XAPIError.rateLimited(endpoint: endpoint, resetAt: resetAt)
        }
        try await sleep(wait)
    }
}
