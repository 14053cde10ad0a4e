import Foundation
import Synchronization

/// The part every fake server shares: a listener on 127.0.0.1 that can be
/// started (again) and stopped, and the base URL clients are given. The fake
/// X and Mastodon servers each own one and hand it their request handler.
public final class FakeHTTPServer: Sendable {
    private let listener = Mutex<HTTPListener?>(nil)
    private let eachConnectionClosed = Mutex(false)
    /// Names the accept thread.
    public let name: String

    public init(name: String) {
        self.name = name
    }

    deinit { stop() }

    /// Listens on 127.0.0.1:`port` (0 picks a free one), replacing a listener
    /// already running; `bound` sees the port before the first request is
    /// accepted. Returns the port.
    @discardableResult
    public func start(port: Int = 0, bound: (Int) -> Void = { _ in }, handler: @escaping HTTPListener.Handler) throws -> Int {
        let listener = try HTTPListener(port: port)
        if eachConnectionClosed.withLock({ $0 }) { listener.closeEachConnection() }
        self.listener.withLock { current in
            current?.stop()
            current = listener
        }
        bound(listener.port)
        try listener.start(name: name, handler: handler)
        return listener.port
    }

    /// Stops listening and closes idle connections; requests in flight are answered first.
    public func stop() {
        listener.withLock { $0?.stop() }
    }

    /// From now on, and after a restart, answers each request with `Connection: close` and
    /// closes the connection; connections kept open between requests close now. For faults that
    /// drop a connection: a client that sent the request on a connection kept from an earlier
    /// one would send it again unseen on a new one (libcurl retries a reused connection that
    /// closed before answering), and the failure would never reach it.
    public func closeEachConnection() {
        eachConnectionClosed.withLock { $0 = true }
        listener.withLock { $0?.closeEachConnection() }
    }

    /// The port, once started.
    public var port: Int? { listener.withLock { $0?.port } }

    /// `http://127.0.0.1:<port>` (port 0 before the start).
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port ?? 0)") ?? URL(fileURLWithPath: "/")
    }
}
