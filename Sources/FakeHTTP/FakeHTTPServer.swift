import Foundation
import Synchronization

/// The part every fake server shares: a listener on 127.0.0.1 that can be
/// started (again) and stopped, and the base URL clients are given. The fake
/// X and Mastodon servers each own one and hand it their request handler.
public final class FakeHTTPServer: Sendable {
    private let listener = Mutex<HTTPListener?>(nil)
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
        self.listener.withLock { current in
            current?.stop()
            current = listener
        }
        bound(listener.port)
        listener.start(name: name, handler: handler)
        return listener.port
    }

    /// Stops listening; requests in flight finish.
    public func stop() {
        listener.withLock { $0?.stop() }
    }

    /// The port, once started.
    public var port: Int? { listener.withLock { $0?.port } }

    /// `http://127.0.0.1:<port>` (port 0 before the start).
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port ?? 0)") ?? URL(fileURLWithPath: "/")
    }
}
