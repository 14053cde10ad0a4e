import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends typed `MastodonRequest`s for one account (a bearer token): obeys the
/// rate limit, retries 5xx, connection failures and undecodable bodies with
/// backoff and jitter (bounded), waits out 429s until the reset, and never
/// retries other 4xx. Errors name the endpoint, the status and the server's
/// `error` field, never the token.
///
/// Time is injected: `now` reads reset times, `sleep` does every wait.
public final class MastodonClient: Sendable {
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    public let configuration: MastodonClientConfiguration
    public let rateLimit = MastodonRateLimit()
    let token: String
    let session: URLSession
    let sleep: Sleep
    let now: @Sendable () -> Date
    let jitter: @Sendable () -> Double

    public init(
        token: String, configuration: MastodonClientConfiguration,
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.token = token
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        self.session = URLSession(configuration: sessionConfiguration)
        self.sleep = sleep
        self.now = now
        self.jitter = jitter
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends `request` and decodes its response. Throws `MastodonAPIError` (or `CancellationError`).
    public func send<R: MastodonRequest>(_ request: R) async throws -> R.Response {
        try await sendWithLinks(request).response
    }

    /// Sends `request`; also returns the `Link` header's `next` query, if any.
    public func sendWithLinks<R: MastodonRequest>(_ request: R) async throws
        -> (response: R.Response, next: [(name: String, value: String)]?)
    {
        let endpoint = request.endpoint
        var attempt = 0
        var rateLimitWaits = 0
        while true {
            try Task.checkCancellation()
            try await waitForRateLimit(endpoint: endpoint)
            attempt += 1
            let outcome = await attemptOnce(request)
            try Task.checkCancellation()
            switch outcome {
            case .success(let response, let next):
                return (response, next)
            case .rateLimited(let resetAt):
                await rateLimit.markSpent(until: resetAt)
                guard rateLimitWaits < configuration.maxRateLimitRetries else {
                    throw MastodonAPIError.rateLimited(endpoint: endpoint, resetAt: resetAt)
                }
                rateLimitWaits += 1
                attempt -= 1
            case .retryable(let error):
                guard attempt < configuration.maxAttempts else { throw error }
                try await sleep(configuration.backoff(retry: attempt, jitter: jitter()))
            case .final(let error):
                throw error
            }
        }
    }

    /// Pages of a list, newest first, following `Link: <…>; rel="next"`, until
    /// `limit` items, the last page, an item `isKnown` says was seen before, or
    /// the consumer stops: a page is requested only when asked for.
    public func pager<Item>(
        _ request: MastodonListRequest<Item>, limit: Int, isKnown: (@Sendable (Item) -> Bool)? = nil
    ) -> MastodonPager<Item> {
        MastodonPager(client: self, request: request, limit: limit, isKnown: isKnown)
    }

    /// Sleeps until the spent window resets (plus the margin), or throws
    /// `.rateLimited` when that is farther than `maxRateLimitWait`.
    func waitForRateLimit(endpoint: String) async throws {
        let now = now()
        guard let resetAt = await rateLimit.blockedUntil(now: now) else { return }
        let wait = Duration.seconds(resetAt.timeIntervalSince(now)) + configuration.rateLimitMargin
        guard wait <= configuration.maxRateLimitWait else {
            throw MastodonAPIError.rateLimited(endpoint: endpoint, resetAt: resetAt)
        }
        try await sleep(wait)
    }
}
