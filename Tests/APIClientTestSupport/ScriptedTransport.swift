import APIClientCore
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers from a script, in order, and keeps every request it
/// was handed; past the script's end it fails like a refused connection.
public final class ScriptedTransport: HTTPTransport {
    public enum Step: Sendable {
        case reply(HTTPReply)
        /// No answer: the connection failed.
        case drop(URLError.Code)
    }

    private let state: Mutex<(steps: [Step], requests: [URLRequest])>

    public init(_ steps: [Step]) {
        state = Mutex((steps, []))
    }

    public var requests: [URLRequest] { state.withLock { $0.requests } }

    public func send(_ request: URLRequest) async throws -> HTTPReply {
        let step = state.withLock { state -> Step? in
            state.requests.append(request)
            return state.steps.isEmpty ? nil : state.steps.removeFirst()
        }
        switch step {
        case .reply(let reply): return reply
        case .drop(let code): throw URLError(code)
        case nil: throw URLError(.resourceUnavailable)
        }
    }
}

extension ScriptedTransport.Step {
    /// A JSON reply.
    public static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Self {
        .reply(HTTPReply(status: status, headers: headers, body: Data(body.utf8)))
    }
}
