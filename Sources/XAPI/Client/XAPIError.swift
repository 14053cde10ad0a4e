import APIClientCore
import Foundation

/// Why an X API call failed, after retries. Every case names the endpoint
/// (`POST /2/tweets`); none carries a token or secret.
public enum XAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 403: the account already posted this text.
    case duplicateContent(endpoint: String, detail: String)
    /// 403 on the likes endpoint: this access level cannot like.
    case likesNotPermitted(endpoint: String, detail: String)
    /// 403 on a reply: replies only to posts that summoned the account.
    case replyNotPermitted(endpoint: String, detail: String)
    /// 401: credentials rejected.
    case unauthorized(endpoint: String, detail: String)
    /// The limit is spent until `resetAt`, farther away than the allowed wait.
    case rateLimited(endpoint: String, resetAt: Date)
    /// 400 naming the query parameters it refused (`XParameterRefusal`), in X's words.
    case invalidRequest(endpoint: String, refusals: [XParameterRefusal], detail: String)
    /// Anything else: HTTP status (0 when no response came) and detail.
    case failed(endpoint: String, status: Int, detail: String)
    /// A post whose first attempt failed without a clear answer (5xx, a lost
    /// connection) and whose retry X refused as duplicate: the first attempt
    /// most likely created it. Not retried, so nothing is posted twice.
    case outcomeUnknown(endpoint: String, detail: String)

    public var endpoint: String {
        switch self {
        case .duplicateContent(let endpoint, _), .likesNotPermitted(let endpoint, _),
            .replyNotPermitted(let endpoint, _), .unauthorized(let endpoint, _),
            .rateLimited(let endpoint, _), .failed(let endpoint, _, _), .outcomeUnknown(let endpoint, _),
            .invalidRequest(let endpoint, _, _):
            return endpoint
        }
    }

    public var description: String {
        switch self {
        case .duplicateContent(let endpoint, let detail):
            return "\(endpoint): HTTP 403 duplicate content: \(detail)"
        case .likesNotPermitted(let endpoint, let detail):
            return "\(endpoint): HTTP 403 likes not permitted for this access level: \(detail)"
        case .replyNotPermitted(let endpoint, let detail):
            return "\(endpoint): HTTP 403 reply not permitted: \(detail)"
        case .unauthorized(let endpoint, let detail):
            return APIFailureText.unauthorized(endpoint, detail)
        case .rateLimited(let endpoint, let resetAt):
            // `Int(_:)` of a reset no clock reaches (1e30, inf) would trap: such a one is shown as it is.
            let unixSeconds = Int(exactly: resetAt.timeIntervalSince1970.rounded(.down)).map(String.init) ?? "\(resetAt.timeIntervalSince1970)"
            return APIFailureText.rateLimited(endpoint, until: unixSeconds)
        case .invalidRequest(let endpoint, _, let detail):
            return "\(endpoint): HTTP 400: \(detail)"
        case .failed(let endpoint, let status, let detail):
            return APIFailureText.failed(endpoint, status: status, detail)
        case .outcomeUnknown(let endpoint, let detail):
            return "\(endpoint): \(APIFailureText.mayHaveTakenEffect(detail))"
        }
    }

    /// A 403 about the one post (its author protected or blocked, the post gone),
    /// not about what this account's access level may do.
    static func refusesOnePost(_ loweredDetail: String) -> Bool {
        ["protected", "blocked", "deleted", "not visible", "not found", "does not exist", "unavailable"]
            .contains { loweredDetail.contains($0) }
    }

    /// Classifies a non-2xx, non-429 response.
    static func from(status: Int, detail: String, endpoint: String, refusal: XRefusalKind) -> XAPIError {
        let lowered = detail.lowercased()
        switch status {
        case 401:
            return .unauthorized(endpoint: endpoint, detail: detail)
        case 403 where lowered.contains("duplicate content"):
            return .duplicateContent(endpoint: endpoint, detail: detail)
        case 403 where refusal == .like && !refusesOnePost(lowered):
            return .likesNotPermitted(endpoint: endpoint, detail: detail)
        case 403 where refusal == .createTweet(isReply: true) && lowered.contains("reply")
            && (lowered.contains("not allowed") || lowered.contains("not permitted")):
            return .replyNotPermitted(endpoint: endpoint, detail: detail)
        default:
            return .failed(endpoint: endpoint, status: status, detail: detail)
        }
    }
}

extension XAPIError: APIFailure {
    /// X's duplicate-content refusal: a retried post that may have gone out already.
    public var repeatRefusalDetail: String? {
        if case .duplicateContent(_, let detail) = self { detail } else { nil }
    }
}
