import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What Bluesky adds to a generic XRPC attempt loop (an `APIDialect` in the
/// shared client core): a bearer token on every attempt, `ratelimit-*` headers
/// with Unix-second resets, and `{"error", "message"}` bodies read into
/// `BlueskyAPIError` cases.
public struct BlueskyDialect: Sendable {
    /// The token sent as `Authorization: Bearer …` (the access JWT, or for
    /// `refreshSession` the refresh JWT); nil for calls without a session.
    public var bearer: String?

    public init(bearer: String?) {
        self.bearer = bearer
    }

    /// Adds the credentials to one attempt.
    public func authorize(_ request: inout URLRequest) {
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    }

    /// Bluesky states its limits as `ratelimit-limit`, `ratelimit-remaining`,
    /// `ratelimit-reset` (Unix seconds) and `ratelimit-policy` (`3000;w=300`),
    /// per endpoint; windows last 5 minutes for reads, an hour or a day for writes.
    public static func rateLimitWindow(from headers: [String: String]) -> BlueskyRateLimitWindow? {
        guard let remaining = headers["ratelimit-remaining"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            let reset = headers["ratelimit-reset"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        let limit = headers["ratelimit-limit"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return BlueskyRateLimitWindow(limit: limit, remaining: remaining, resetAt: Date(timeIntervalSince1970: reset))
    }

    /// The error body's name and message, or nil when the body is not Bluesky's error JSON.
    public static func errorBody(of body: Data) -> BlueskyErrorBody? {
        try? JSONDecoder().decode(BlueskyErrorBody.self, from: body)
    }

    /// The error body's message (else its name) on one line, at most 300 characters; or what the body was.
    public static func errorDetail(of body: Data) -> String {
        guard let parsed = errorBody(of: body) else { return body.isEmpty ? "empty body" : "non-JSON body" }
        let line = (parsed.message ?? parsed.error).replacingOccurrences(of: "\n", with: " ")
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    /// A refusal (any status but 2xx, 429 and 5xx) as its typed error.
    public static func failure(status: Int, body: Data, endpoint: String) -> BlueskyAPIError {
        let name = errorBody(of: body)?.error
        let detail = errorDetail(of: body)
        switch (status, name) {
        case (_, "ExpiredToken"): return .expiredToken(endpoint: endpoint, detail: detail)
        case (_, "InvalidToken"): return .invalidToken(endpoint: endpoint, detail: detail)
        case (401, _), (_, "AuthenticationRequired"): return .unauthorized(endpoint: endpoint, detail: detail)
        default: return .failed(endpoint: endpoint, status: status, error: name, detail: detail)
        }
    }
}
