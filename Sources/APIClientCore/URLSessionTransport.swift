import Foundation
import HTTPSupport
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: an ephemeral `URLSession` with a per-request timeout,
/// through `cancellableData(for:)` so a cancelled task never deadlocks on Linux.
///
/// Every transport of one timeout shares one session for the life of the process, so the
/// many clients of a host's bots (two accounts a bot, and their media) hold one session's
/// buffers and connections, not one each. It keeps no cookie and caches nothing, so no
/// account's request carries anything of another's; each request brings its own credentials.
public final class URLSessionTransport: HTTPTransport {
    /// Thrown when the answer was not HTTP.
    public struct NotHTTPResponse: Error, CustomStringConvertible {
        public var description: String { "no HTTP response" }
    }

    private let session: URLSession

    public init(timeout: TimeInterval) {
        session = Self.sessions.withLock { sessions in
            if let shared = sessions[timeout] { return shared }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.httpCookieAcceptPolicy = .never
            configuration.httpShouldSetCookies = false
            configuration.httpCookieStorage = nil
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            // Many bots on one server share its connections: enough that one slow request waits alone.
            configuration.httpMaximumConnectionsPerHost = 32
            let session = URLSession(configuration: configuration)
            sessions[timeout] = session
            return session
        }
    }

    /// One session a timeout, kept for the process.
    private static let sessions = Mutex<[TimeInterval: URLSession]>([:])

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
