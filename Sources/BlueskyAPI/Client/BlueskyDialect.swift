import APIClientCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bluesky's part of the shared client: a bearer token on every attempt,
/// `ratelimit-*` headers with Unix-second resets per endpoint, and
/// `{"error": NAME, "message": …}` bodies, whose name picks the `BlueskyAPIError` case.
///
/// The token changes with the session, so `BlueskyClient` hands the core one
/// dialect per call (`APIClient.send(_:dialect:)`).
public struct BlueskyDialect: APIDialect {
    /// The token sent as `Authorization: Bearer …` (the access JWT, or for
    /// `refreshSession` the refresh JWT); nil for calls without a session.
    public var bearer: String?

    public static var rateLimitScheme: RateLimitScheme { .bluesky }

    /// The error body's `message`, else its name; nil when it has neither.
    public static func errorSummary(of body: Data) -> String? {
        errorBody(of: body).flatMap { $0.message ?? $0.error }
    }

    /// The error body's name: `ExpiredToken`, `InvalidToken`, `AuthenticationRequired`, `RateLimitExceeded`, ….
    public static func errorCode(of body: Data) -> String? {
        errorBody(of: body)?.error
    }

    public func authorize(_ request: inout URLRequest, now: Date) async {
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    }

    static func errorBody(of body: Data) -> BlueskyErrorBody? {
        try? JSONDecoder().decode(BlueskyErrorBody.self, from: body)
    }
}
