import Foundation

/// What one HTTP exchange came to, before the retry policy has its say.
public enum AttemptOutcome<Response, Failure: APIFailure> {
    /// A 2xx whose body decoded.
    case success(Response)
    /// A 429: the window is spent until `resetAt` (from the headers, or a guess).
    case rateLimited(resetAt: Date)
    /// No clear answer: a 5xx, a failed connection (`status` 0), or a 2xx whose body would not decode.
    case retryable(status: Int, detail: String)
    /// A clear refusal (any other status) or a request that cannot be sent: never retried.
    case final(Failure)
}

extension AttemptOutcome: Equatable where Response: Equatable, Failure: Equatable {}
