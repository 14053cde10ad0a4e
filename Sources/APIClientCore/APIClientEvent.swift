import Foundation

/// What the attempt loop did inside one `send`, for an observer that counts it
/// (the status page: retries and waits that no caller sees). Events name the
/// endpoint (`GET /2/users/:id/tweets`); none carries a token, a URL or a body.
public enum APIClientEvent: Sendable, Equatable {
    /// Why a `send` gave up.
    public enum GiveUp: Sendable, Equatable {
        /// A clear refusal (a 4xx but 429; after an unclear attempt, a refused repeat, which
        /// the error calls `outcomeUnknown`), or a request that could not be sent: never retried.
        case refused
        /// No clear answer after the last attempt (5xx, lost connections, unreadable bodies;
        /// an unreadable 2xx to a write not safe to repeat at once).
        case noClearAnswer
        /// The window stays spent: its reset is farther than the allowed wait, or 429s kept coming.
        case rateLimited
    }

    /// An attempt was sent and answered with `status`; 0 when no answer came (the connection failed).
    case attempted(endpoint: String, status: Int)
    /// The loop waits `delay` before sending again; `attempts` have been made so far.
    case retrying(endpoint: String, attempts: Int, delay: Duration)
    /// The loop waits `duration` for a spent window to reset (after a 429, or before sending into it).
    case waitingForRateLimit(endpoint: String, duration: Duration)
    /// The loop gave up and throws `error` (its one-line description).
    case gaveUp(endpoint: String, reason: GiveUp, error: String)
}

extension APIClientEvent.GiveUp {
    /// The reason an outcome that ended the loop stands for.
    init<Response, Failure>(_ outcome: AttemptOutcome<Response, Failure>) {
        switch outcome {
        case .final: self = .refused
        case .rateLimited: self = .rateLimited
        case .success, .retryable: self = .noClearAnswer
        }
    }
}
