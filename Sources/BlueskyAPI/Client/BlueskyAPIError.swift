import APIClientCore
import Foundation

/// Why an XRPC call failed, after retries. Every case names the endpoint
/// (`POST com.atproto.repo.createRecord`); none carries a token or a password.
/// Bluesky's errors are `{"error": "<Name>", "message": "…"}`: the name picks the case.
public enum BlueskyAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400 `ExpiredToken`: the access token (or, for `refreshSession`, the refresh token) has expired.
    case expiredToken(endpoint: String, detail: String)
    /// `InvalidToken`: the token is not one the server accepts (revoked, or the refresh token already used).
    case invalidToken(endpoint: String, detail: String)
    /// 401 (`AuthenticationRequired`, a wrong identifier or app password).
    case unauthorized(endpoint: String, detail: String)
    /// A rate limit is spent until `resetAt`, farther away than the allowed wait (or 429s kept coming).
    case rateLimited(endpoint: String, resetAt: Date)
    /// mirror-bot refused to log in: the account's login budget (30 per 5 minutes, 300 a day) is spent until `resetAt`.
    case loginLimited(resetAt: Date, detail: String)
    /// A write that may have taken effect although no answer said so (see `Replay.refusedWhenRepeated`).
    case outcomeUnknown(endpoint: String, detail: String)
    /// Anything else: the HTTP status (0 when no response came), the error name when the body had one, and the detail.
    case failed(endpoint: String, status: Int, error: String?, detail: String)

    public var endpoint: String {
        switch self {
        case .expiredToken(let endpoint, _), .invalidToken(let endpoint, _), .unauthorized(let endpoint, _),
            .rateLimited(let endpoint, _), .outcomeUnknown(let endpoint, _), .failed(let endpoint, _, _, _):
            endpoint
        case .loginLimited: "POST com.atproto.server.createSession"
        }
    }

    /// The server refused the token itself: refreshing (or logging in) may help.
    public var isTokenRejection: Bool {
        switch self {
        case .expiredToken, .invalidToken: true
        default: false
        }
    }

    /// The server refused the credentials presented (token or password): nothing a retry fixes.
    public var isAuthenticationRejection: Bool {
        switch self {
        case .expiredToken, .invalidToken, .unauthorized: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .expiredToken(let endpoint, let detail):
            return "\(endpoint): ExpiredToken: \(detail)"
        case .invalidToken(let endpoint, let detail):
            return "\(endpoint): InvalidToken: \(detail)"
        case .unauthorized(let endpoint, let detail):
            return APIFailureText.unauthorized(endpoint, detail)
        case .rateLimited(let endpoint, let resetAt):
            return APIFailureText.rateLimited(endpoint, until: BlueskyTimestamp.format(resetAt))
        case .loginLimited(let resetAt, let detail):
            return "POST com.atproto.server.createSession: not logging in: \(detail); the next login is allowed at \(BlueskyTimestamp.format(resetAt))"
        case .outcomeUnknown(let endpoint, let detail):
            return "\(endpoint): the write may have gone through: \(detail)"
        case .failed(let endpoint, let status, let error, let detail):
            return APIFailureText.failed(endpoint, status: status, (error.map { "\($0): " } ?? "") + detail)
        }
    }
}

extension BlueskyAPIError {
    /// A refusal (any status but 2xx, 429 and 5xx) as its typed error: the error body's
    /// name (`errorCode`) picks the case, a 401 without one is `unauthorized`.
    public static func from(status: Int, errorCode: String?, detail: String, endpoint: String) -> BlueskyAPIError {
        switch (status, errorCode) {
        case (_, "ExpiredToken"): .expiredToken(endpoint: endpoint, detail: detail)
        case (_, "InvalidToken"): .invalidToken(endpoint: endpoint, detail: detail)
        case (401, _), (_, "AuthenticationRequired"): .unauthorized(endpoint: endpoint, detail: detail)
        default: .failed(endpoint: endpoint, status: status, error: errorCode, detail: detail)
        }
    }
}

extension BlueskyAPIError: APIFailure {
    /// No clear answer (a 5xx, a lost connection, an unreadable body): no error name.
    public static func failed(endpoint: String, status: Int, detail: String) -> BlueskyAPIError {
        .failed(endpoint: endpoint, status: status, error: nil, detail: detail)
    }

    /// After an attempt without a clear answer, any refusal of a record write but one of
    /// the credentials may answer a retry of a write that went through (its record key is
    /// taken): the shared retry policy makes it `outcomeUnknown`, and `createRecord` looks the key up.
    public var repeatRefusalDetail: String? {
        guard case .failed(_, let status, let error, let detail) = self else { return nil }
        return "HTTP \(status): " + (error.map { "\($0): " } ?? "") + detail
    }
}
