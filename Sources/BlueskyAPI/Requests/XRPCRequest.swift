import APIClientCore
import Foundation

/// Which token a call carries.
public enum XRPCCredential: Sendable, Equatable {
    /// None (`createSession`, `resolveHandle`).
    case none
    /// The session's access JWT; an `ExpiredToken` answer refreshes the session and retries once.
    case access
    /// The session's refresh JWT (`refreshSession` only).
    case refresh
}

/// One XRPC call: `GET {service}/xrpc/<nsid>?…` (a query) or `POST …` with a
/// JSON body (a procedure), and its response type. The shared client's
/// `APIRequest` in XRPC's terms: the NSID names the endpoint
/// (`GET app.bsky.feed.getAuthorFeed`) in errors and keys its rate limit.
public protocol XRPCRequest: APIRequest where Failure == BlueskyAPIError {
    /// `app.bsky.feed.getAuthorFeed`.
    static var nsid: String { get }
    /// POST with a JSON body (a procedure) rather than GET (a query).
    static var isProcedure: Bool { get }
    /// Query parameters, in order (unencoded); a name may repeat (`uris`, `reasons`).
    var parameters: [(name: String, value: String)] { get }
    /// The JSON input of a procedure.
    func input() throws -> Data?
    var credential: XRPCCredential { get }
}

extension XRPCRequest {
    public static var isProcedure: Bool { false }
    public var parameters: [(name: String, value: String)] { [] }
    public func input() throws -> Data? { nil }
    public var credential: XRPCCredential { .access }

    public var method: String { Self.isProcedure ? "POST" : "GET" }
    public var path: String { "/xrpc/" + Self.nsid }
    public var pathTemplate: String { Self.nsid }
    public var query: [(name: String, value: String)] { parameters }
    public var requestBody: RequestBody? {
        get throws { try input().map(RequestBody.json) }
    }

    public func failure(status: Int, detail: String) -> BlueskyAPIError {
        failure(status: status, errorCode: nil, detail: detail)
    }

    public func failure(status: Int, errorCode: String?, detail: String) -> BlueskyAPIError {
        BlueskyAPIError.from(status: status, errorCode: errorCode, detail: detail, endpoint: endpoint)
    }
}

/// The JSON encoding of every procedure input: stable key order, slashes unescaped.
enum XRPCJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
