import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the answer, or throws when none came
/// (a refused or dropped connection, a timeout, cancellation). The one seam
/// under the attempt loop: `CurlTransport` in production, a scripted
/// transport in tests.
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> HTTPReply
    /// The same, with how the transport is to treat it (`HTTPSendOptions`). By default, `send(_:)`.
    func send(_ request: URLRequest, options: HTTPSendOptions) async throws -> HTTPReply
}

extension HTTPTransport {
    public func send(_ request: URLRequest, options: HTTPSendOptions) async throws -> HTTPReply {
        try await send(request)
    }
}

/// How a transport treats one request besides sending it.
public struct HTTPSendOptions: Sendable, Equatable {
    /// Its place in its server's line (`HTTPTurn`).
    public var turn: HTTPTurn
    /// A post or its media (`APIRequest.publishes`): a transport that would send a request again
    /// on its own (libcurl, when a reused connection closes unanswered) must not, since the
    /// server may have made the post already. Whether it went through is the client's to find out.
    public var once: Bool

    public init(turn: HTTPTurn = .inOrder, once: Bool = false) {
        self.turn = turn
        self.once = once
    }
}

/// A response as the attempt loop reads it.
public struct HTTPReply: Sendable, Equatable {
    public var status: Int
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
        self.body = body
    }
}
