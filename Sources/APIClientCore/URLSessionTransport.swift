import Foundation
import HTTPSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: an ephemeral `URLSession` with a per-request timeout,
/// through `cancellableData(for:)` so a cancelled task never deadlocks on Linux.
public final class URLSessionTransport: HTTPTransport {
    /// Thrown when the answer was not HTTP.
    public struct NotHTTPResponse: Error, CustomStringConvertible {
        public var description: String { "no HTTP response" }
    }

    private let session: URLSession

    public init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: URLRequest) async throws -> HTTPReply {
        let (data, response) = try await session.cancellableData(for: request)
        guard let http = response as? HTTPURLResponse else { throw NotHTTPResponse() }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return HTTPReply(status: http.statusCode, headers: headers, body: data)
    }
}
