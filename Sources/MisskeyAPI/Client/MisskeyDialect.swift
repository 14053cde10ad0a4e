import APIClientCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Misskey's part of the shared client: a bearer token (`Authorization: Bearer`, which Misskey
/// prefers to the body's `i`), `{"error":{"message","code",…}}` bodies, no rate-limit headers
/// but a `Retry-After` on a 429 (`packages/backend/src/server/api/ApiCallService.ts`).
struct MisskeyDialect: APIDialect {
    let token: String

    static var rateLimitScheme: RateLimitScheme { .misskey }

    /// The error's `code` and `message`: `NO_SUCH_NOTE: No such note.`
    static func errorSummary(of body: Data) -> String? {
        guard let error = MisskeyErrorBody.decode(body) else { return nil }
        return "\(error.code): \(error.message)"
    }

    /// The error's `code` (`RATE_LIMIT_EXCEEDED`, `INVALID_PARAM`, `REPLY_TO_BOT_NOT_ALLOWED`, …).
    static func errorCode(of body: Data) -> String? {
        MisskeyErrorBody.decode(body)?.code
    }

    /// `Retry-After: <seconds>` (or an HTTP date, as a proxy may send).
    static func retryAfter(headers: [String: String], now: Date) -> Date? {
        MisskeyRetryAfter.date(headers["retry-after"], now: now)
    }

    func authorize(_ request: inout URLRequest, now: Date) async {
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
}
