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
    /// A write that may have taken effect although no answer said so (see `BlueskyReplay`).
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
            return "\(endpoint): HTTP 401 unauthorized: \(detail)"
        case .rateLimited(let endpoint, let resetAt):
            return "\(endpoint): HTTP 429 rate limit spent until \(BlueskyTimestamp.format(resetAt))"
        case .loginLimited(let resetAt, let detail):
            return "POST com.atproto.server.createSession: not logging in: \(detail); the next login is allowed at \(BlueskyTimestamp.format(resetAt))"
        case .outcomeUnknown(let endpoint, let detail):
            return "\(endpoint): the write may have gone through: \(detail)"
        case .failed(let endpoint, let status, let error, let detail):
            let name = error.map { "\($0): " } ?? ""
            return status == 0 ? "\(endpoint): \(name)\(detail)" : "\(endpoint): HTTP \(status): \(name)\(detail)"
        }
    }
}
