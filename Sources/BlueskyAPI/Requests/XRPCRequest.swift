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
/// JSON body (a procedure), and its response type.
public protocol XRPCRequest: Sendable {
    associatedtype Response: Sendable & Decodable

    /// `app.bsky.feed.getAuthorFeed`.
    static var nsid: String { get }
    /// POST with a JSON body (a procedure) rather than GET (a query).
    static var isProcedure: Bool { get }
    /// Query parameters, in order (unencoded); a name may repeat (`uris`, `reasons`).
    var parameters: [(name: String, value: String)] { get }
    /// The JSON input of a procedure.
    func input() throws -> Data?
    var credential: XRPCCredential { get }
    var replay: BlueskyReplay { get }
}

extension XRPCRequest {
    public static var isProcedure: Bool { false }
    public var parameters: [(name: String, value: String)] { [] }
    public func input() throws -> Data? { nil }
    public var credential: XRPCCredential { .access }
    public var replay: BlueskyReplay { .safe }

    /// `GET app.bsky.feed.getAuthorFeed`: names the endpoint in errors and keys its rate limit.
    public var endpoint: String { "\(Self.isProcedure ? "POST" : "GET") \(Self.nsid)" }
}

/// The JSON encoding of every procedure input: stable key order, slashes unescaped.
enum XRPCJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
