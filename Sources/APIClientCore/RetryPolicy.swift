import Foundation

/// The retry rules of one request, as a plain value: outcomes in, decisions out,
/// no network and no clock (postgres-nio's `ConnectionStateMachine` style).
///
/// - 5xx, failed connections and undecodable 2xx bodies are retried with
///   bounded exponential backoff, up to `maxAttempts` attempts in all;
/// - 429s are waited out up to `maxRateLimitRetries` times (they do not count
///   as attempts), and no spent window is waited for longer than `maxRateLimitWait`;
/// - any other answer is final;
/// - a `Replay.refusedWhenRepeated` write that may have taken effect is never
///   sent again: see `Replay`.
public struct RetryPolicy: Sendable {
    /// `POST /2/tweets`: named in the errors it builds.
    public let endpoint: String
    public let replay: Replay
    public let configuration: APIClientConfiguration
    /// The longest wait for a reset.
    public let maxRateLimitWait: Duration

    /// Attempts that got an answer other than a 429 (or no answer).
    public private(set) var attempts = 0
    /// 429s waited out.
    public private(set) var rateLimitWaits = 0
    /// Whether an earlier attempt ended without a clear answer: it may have done the work.
    public private(set) var mayHaveTakenEffect = false

    /// `ratePeriod` is how long the network's windows last: it bounds the wait
    /// for a reset when the configuration does not.
    public init(endpoint: String, replay: Replay, configuration: APIClientConfiguration, ratePeriod: Duration) {
        self.endpoint = endpoint
        self.replay = replay
        self.configuration = configuration
        self.maxRateLimitWait = configuration.rateLimitWaitBound(period: ratePeriod)
    }

    /// How long to wait before sending, when the window is spent until `resetAt`;
    /// nil when that is farther away than the allowed wait (give up with `.rateLimited`).
    public func waitForReset(at resetAt: Date, now: Date) -> Duration? {
        let wait = Duration.seconds(resetAt.timeIntervalSince(now)) + configuration.rateLimitMargin
        return wait <= maxRateLimitWait ? wait : nil
    }

    /// The decision after an attempt; `jitter` in [0, 1) spreads the backoff.
    public mutating func next<Response, Failure>(after outcome: AttemptOutcome<Response, Failure>, jitter: Double)
        -> RetryDecision<Response, Failure>
    {
        switch outcome {
        case .success(let response):
            return .succeed(response)
        case .rateLimited(let resetAt):
            guard rateLimitWaits < configuration.maxRateLimitRetries else {
                return .fail(.rateLimited(endpoint: endpoint, resetAt: resetAt))
            }
            rateLimitWaits += 1
            return .awaitReset
        case .retryable(let status, let detail):
            attempts += 1
            if replay == .refusedWhenRepeated {
                // A 2xx whose body we cannot read did do the work: never send it again.
                if (200..<300).contains(status) { return .fail(.outcomeUnknown(endpoint: endpoint, detail: detail)) }
                mayHaveTakenEffect = true
            }
            guard attempts < configuration.maxAttempts else {
                return .fail(.failed(endpoint: endpoint, status: status, detail: detail))
            }
            return .backOff(configuration.retryBackoff.delay(retry: attempts, jitter: jitter))
        case .final(let error):
            attempts += 1
            if mayHaveTakenEffect, let detail = error.repeatRefusalDetail {
                return .fail(.outcomeUnknown(
                    endpoint: endpoint,
                    detail: "an earlier attempt failed, and the retry was refused as duplicate (\(detail))"))
            }
            return .fail(error)
        }
    }
}
