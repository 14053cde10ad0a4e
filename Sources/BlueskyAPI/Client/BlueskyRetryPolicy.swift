import Foundation

/// The retry rules of one request as a plain value: outcomes in, decisions out,
/// no network and no clock (`RetryPolicy` in the shared client core).
///
/// - 5xx, failed connections and undecodable 2xx bodies are retried with
///   bounded exponential backoff, up to `maxAttempts` attempts in all;
/// - 429s are waited out up to `maxRateLimitRetries` times (not counted as attempts);
/// - any other answer is final;
/// - a `.refusedWhenRepeated` write that may have taken effect ends `outcomeUnknown`.
public struct BlueskyRetryPolicy: Sendable {
    public let endpoint: String
    public let replay: BlueskyReplay
    public let configuration: BlueskyClientConfiguration
    public private(set) var attempts = 0
    public private(set) var rateLimitWaits = 0
    /// An earlier attempt ended without a clear answer: it may have done the work.
    public private(set) var mayHaveTakenEffect = false

    public init(endpoint: String, replay: BlueskyReplay, configuration: BlueskyClientConfiguration) {
        self.endpoint = endpoint
        self.replay = replay
        self.configuration = configuration
    }

    /// How long to wait before sending when the window is spent until `resetAt`;
    /// nil when that is farther than the allowed wait.
    public func waitForReset(at resetAt: Date, now: Date) -> Duration? {
        let wait = Duration.seconds(resetAt.timeIntervalSince(now)) + configuration.rateLimitMargin
        return wait <= configuration.maxRateLimitWait ? wait : nil
    }

    public mutating func next<Response>(after outcome: BlueskyAttemptOutcome<Response>, jitter: Double) -> BlueskyRetryDecision<Response> {
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
                if (200..<300).contains(status) { return .fail(.outcomeUnknown(endpoint: endpoint, detail: detail)) }
                mayHaveTakenEffect = true
            }
            guard attempts < configuration.maxAttempts else {
                if mayHaveTakenEffect {
                    return .fail(.outcomeUnknown(endpoint: endpoint, detail: "no answer after \(attempts) attempts (last: \(Self.describe(status, detail)))"))
                }
                return .fail(.failed(endpoint: endpoint, status: status, error: nil, detail: detail))
            }
            return .backOff(configuration.backoff(retry: attempts, jitter: jitter))
        case .final(let error):
            attempts += 1
            if mayHaveTakenEffect, !error.isAuthenticationRejection {
                return .fail(.outcomeUnknown(
                    endpoint: endpoint, detail: "an earlier attempt got no answer, and the retry was refused (\(error))"))
            }
            return .fail(error)
        }
    }

    static func describe(_ status: Int, _ detail: String) -> String {
        status == 0 ? detail : "HTTP \(status): \(detail)"
    }
}
