import APIClientCore
import Foundation

/// Misskey's part of the shared client: a bearer token (`Authorization: Bearer`, which Misskey
/// prefers to the body's `i`), `{"error":{"message","code",…}}` bodies, no rate-limit headers
/// but a `Retry-After` on a 429 (`packages/backend/src/server/api/ApiCallService.ts`).
public struct MisskeyDialect: BearerTokenDialect {
    public let token: String

    public init(token: String) { self.token = token }

    public static var rateLimitScheme: RateLimitScheme { .misskey }

    /// The error's `code` and `message`: `NO_SUCH_NOTE: No such note.`
    public static func errorSummary(of body: Data) -> String? {
        guard let error = MisskeyErrorBody.decode(body) else { return nil }
        return "\(error.code): \(error.message)"
    }

    /// The error's `code` (`RATE_LIMIT_EXCEEDED`, `INVALID_PARAM`, `REPLY_TO_BOT_NOT_ALLOWED`, …).
    public static func errorCode(of body: Data) -> String? {
        MisskeyErrorBody.decode(body)?.code
    }

    /// `Retry-After: <seconds>` (or an HTTP date, as a proxy may send).
    public static func retryAfter(headers: [String: String], now: Date) -> Date? {
        MisskeyRetryAfter.date(headers["retry-after"], now: now)
    }
}
