import APIClientCore
import Foundation

/// Why a Misskey API call failed, after retries. Every case names the endpoint
/// (`POST /api/notes/create`); none carries the token.
public enum MisskeyAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 401 (`CREDENTIAL_REQUIRED`, `AUTHENTICATION_FAILED`): the token was rejected.
    case unauthorized(endpoint: String, detail: String)
    /// A refusal with Misskey's error `code` (`PERMISSION_DENIED`, `INVALID_PARAM`,
    /// `REACTIONS_NOT_PUBLIC`, `REPLY_TO_BOT_NOT_ALLOWED`, …); `code` is nil when the body
    /// was not Misskey's error JSON.
    case refused(endpoint: String, status: Int, code: String?, detail: String)
    /// The limit is spent until `resetAt`, farther away than the allowed wait.
    case rateLimited(endpoint: String, resetAt: Date)
    /// No clear answer: HTTP status (0 when no response came) and detail.
    case failed(endpoint: String, status: Int, detail: String)

    public var endpoint: String {
        switch self {
        case .unauthorized(let endpoint, _), .refused(let endpoint, _, _, _), .rateLimited(let endpoint, _),
            .failed(let endpoint, _, _):
            endpoint
        }
    }

    /// Misskey's error code, when the server named one.
    public var code: String? {
        if case .refused(_, _, let code, _) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case .unauthorized(let endpoint, let detail):
            return APIFailureText.unauthorized(endpoint, detail)
        case .refused(let endpoint, let status, _, let detail):
            return "\(endpoint): HTTP \(status): \(detail)"
        case .rateLimited(let endpoint, let resetAt):
            return APIFailureText.rateLimited(endpoint, until: ISO8601Timestamp.format(resetAt))
        case .failed(let endpoint, let status, let detail):
            return APIFailureText.failed(endpoint, status: status, detail)
        }
    }
}

extension MisskeyAPIError: APIFailure {
    /// Never built: every request is `Replay.safe` (`notes/create` is deduplicated by the
    /// server's idempotency within 60 s, reactions are one per note).
    public static func outcomeUnknown(endpoint: String, detail: String) -> MisskeyAPIError {
        .failed(endpoint: endpoint, status: 0, detail: APIFailureText.mayHaveTakenEffect(detail))
    }
}
