import Dispatch
import Foundation

/// A fake server listening through a `FakeHTTPServer`: stopping it, its port and the base URL
/// its clients are given are the listener's. Each server keeps its own `start` (its handler).
public protocol FakeHTTPHosted: AnyObject, Sendable {
    var http: FakeHTTPServer { get }
}

extension FakeHTTPHosted {
    /// Stops listening; requests in flight finish.
    public func stop() { http.stop() }

    /// The port, once started.
    public var port: Int? { http.port }

    /// `http://127.0.0.1:<port>`: the base URL of the network's client configuration.
    public var baseURL: URL { http.baseURL }

    /// Runs `run` on `queue` for each of a seed's scheduled entries, `delay(entry)` real seconds
    /// from now; nothing runs after the server is released.
    public func runEach<Entry: Sendable>(
        _ entries: [Entry], after delay: (Entry) -> Double, on queue: DispatchQueue, _ run: @escaping @Sendable (Self, Entry) -> Void
    ) {
        for entry in entries {
            queue.asyncAfter(deadline: .now() + delay(entry)) { [weak self] in
                guard let self else { return }
                run(self, entry)
            }
        }
    }
}
