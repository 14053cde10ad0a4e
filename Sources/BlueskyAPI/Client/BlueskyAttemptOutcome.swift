import Foundation

/// What one HTTP exchange came to, before the retry policy has its say (`AttemptOutcome`).
public enum BlueskyAttemptOutcome<Response> {
    case success(Response)
    /// A 429: spent until `resetAt` (from the headers, or a guess).
    case rateLimited(resetAt: Date)
    /// No clear answer: a 5xx, a failed connection (`status` 0), or a 2xx whose body would not decode.
    case retryable(status: Int, detail: String)
    /// A clear refusal: never retried.
    case final(BlueskyAPIError)
}
