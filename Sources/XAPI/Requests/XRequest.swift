import APIClientCore
import Foundation

/// One X API v2 endpoint call: method, path, query, JSON body, response type,
/// and what a 403 from it means (`method`, `path`, `pathTemplate`, `query`
/// and `endpoint` come from `APIRequest`).
public protocol XRequest: APIRequest where Failure == XAPIError {
    /// A JSON body (never signed), or nil.
    var body: Data? { get }
    /// What a 403 from this endpoint means.
    var refusal: XRefusalKind { get }
    /// The same request in `dialect` (only post-returning requests differ).
    func speaking(_ dialect: XFieldDialect) -> Self
    /// Whether the request names post fields, so that its dialect matters.
    var usesFieldDialect: Bool { get }
    /// The dialect a response shows it was answered in, when it shows one.
    func dialect(of response: Response) -> XFieldDialect?
}

extension XRequest {
    public var body: Data? { nil }
    public var refusal: XRefusalKind { .generic }
    public var requestBody: RequestBody? { body.map(RequestBody.json) }

    public func failure(status: Int, detail: String) -> XAPIError {
        XAPIError.from(status: status, detail: detail, endpoint: endpoint, refusal: refusal)
    }

    /// A 400 naming refused query parameters (`XDialect.errorCode(of:)`) is `invalidRequest`.
    public func failure(status: Int, errorCode: String?, detail: String) -> XAPIError {
        if status == 400, let errorCode,
            let refusals = try? JSONDecoder().decode([XParameterRefusal].self, from: Data(errorCode.utf8))
        {
            return .invalidRequest(endpoint: endpoint, refusals: refusals, detail: detail)
        }
        return failure(status: status, detail: detail)
    }

    /// The same request in `dialect` (only post-returning requests differ).
    public func speaking(_ dialect: XFieldDialect) -> Self { self }
    /// Whether the request names post fields, so that its dialect matters.
    public var usesFieldDialect: Bool { false }
    public func dialect(of response: Response) -> XFieldDialect? { nil }
}

/// How to read a 403 from an endpoint.
public enum XRefusalKind: Sendable, Equatable {
    case generic
    /// `POST /2/tweets`; `isReply` when it answers a post.
    case createTweet(isReply: Bool)
    /// `POST /2/users/:id/likes`.
    case like
}
