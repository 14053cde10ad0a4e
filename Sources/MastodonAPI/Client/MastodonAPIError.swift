import APIClientCore
import Foundation

/// Why a Mastodon API call failed, after retries. Every case names the
/// endpoint (`POST /api/v1/statuses`); none carries the access token.
public enum MastodonAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 401: the token was rejected; `detail` is the server's `error` field.
    case unauthorized(endpoint: String, detail: String)
    /// The limit is spent until `resetAt`, farther away than the allowed wait.
    case rateLimited(endpoint: String, resetAt: Date)
    /// Anything else: HTTP status (0 when no response came) and the server's `error` field.
    case failed(endpoint: String, status: Int, detail: String)

    public var endpoint: String {
        switch self {
        case .unauthorized(let endpoint, _), .rateLimited(let endpoint, _), .failed(let endpoint, _, _): endpoint
        }
    }

    public var description: String {
        switch self {
        case .unauthorized(let endpoint, let detail):
            return APIFailureText.unauthorized(endpoint, detail)
        case .rateLimited(let endpoint, let resetAt):
            return APIFailureText.rateLimited(endpoint, until: MastodonDate.format(resetAt))
        case .failed(let endpoint, let status, let detail):
            return APIFailureText.failed(endpoint, status: status, detail)
        }
    }
}

extension MastodonAPIError: APIFailure {
    /// Never built: Mastodon's writes are safe to retry (statuses carry an
    /// `Idempotency-Key`, favourites are idempotent). Were one not, this is what it would say.
    public static func outcomeUnknown(endpoint: String, detail: String) -> MastodonAPIError {
        .failed(endpoint: endpoint, status: 0, detail: APIFailureText.mayHaveTakenEffect(detail))
    }
}
