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
    /// The same for a request that publishes a post (`APIRequest.publishes`) when `publishing`:
    /// a transport that keeps requests waiting lets it go first, and one that would send a write
    /// again on its own (libcurl, on a reused connection that closed unanswered) must not.
    /// By default, `send(_:)`.
    func send(_ request: URLRequest, publishing: Bool) async throws -> HTTPReply
}

extension HTTPTransport {
    public func send(_ request: URLRequest, publishing: Bool) async throws -> HTTPReply {
        try await send(request)
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
