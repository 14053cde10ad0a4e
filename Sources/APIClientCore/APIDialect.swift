import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one network adds to the shared client: how an attempt is authorized,
/// how its responses state rate limits, and what its error bodies say. X signs
/// every attempt with OAuth 1.0a; Mastodon and Bluesky send a bearer token
/// (Bluesky's changes with its session: `APIClient.send(_:dialect:)` takes one per call).
public protocol APIDialect: Sendable {
    /// Header names, reset format and scope of the network's rate limits.
    static var rateLimitScheme: RateLimitScheme { get }

    /// The human-readable text of an error body (X's `detail`, Mastodon's `error`,
    /// Bluesky's `message`), or nil when the body is not the network's error JSON.
    static func errorSummary(of body: Data) -> String?

    /// The machine-readable name an error body gives its error (Bluesky's `error`:
    /// `ExpiredToken`, `InvalidToken`, …), handed to `APIRequest.failure(status:errorCode:detail:)`;
    /// nil when the network has none (the default) or the body names none.
    static func errorCode(of body: Data) -> String?

    /// When a 429 says the request may be sent again, from headers the rate-limit scheme does not
    /// read (Misskey's `Retry-After`); nil (the default) when it does not say.
    static func retryAfter(headers: [String: String], now: Date) -> Date?

    /// Adds the credentials to one attempt (called anew for every attempt, at `now`).
    func authorize(_ request: inout URLRequest, now: Date) async
}

extension APIDialect {
    public static func errorCode(of body: Data) -> String? { nil }

    public static func retryAfter(headers: [String: String], now: Date) -> Date? { nil }

    /// The error body's summary on one line, at most 300 characters; or what the body was.
    public static func errorDetail(of body: Data) -> String {
        guard let summary = errorSummary(of: body) else { return body.isEmpty ? "empty body" : "non-JSON body" }
        let line = summary.replacingOccurrences(of: "\n", with: " ")
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}
