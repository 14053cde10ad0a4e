import Foundation
import HTTPSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the answer, or throws when none came.
/// The seam under the attempt loop (`HTTPTransport` in the shared client core):
/// `URLSessionBlueskyTransport` in production.
public protocol BlueskyHTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> BlueskyHTTPReply
}

/// A response as the attempt loop reads it (`HTTPReply` in the shared client core).
public struct BlueskyHTTPReply: Sendable, Equatable {
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

/// The real transport: an ephemeral `URLSession` through `cancellableData(for:)`,
/// so a cancelled task never deadlocks on Linux.
public final class URLSessionBlueskyTransport: BlueskyHTTPTransport {
    struct NotHTTPResponse: Error {}

    private let session: URLSession

    public init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: URLRequest) async throws -> BlueskyHTTPReply {
        let (data, response) = try await session.cancellableData(for: request)
        guard let http = response as? HTTPURLResponse else { throw NotHTTPResponse() }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return BlueskyHTTPReply(status: http.statusCode, headers: headers, body: data)
    }
}
