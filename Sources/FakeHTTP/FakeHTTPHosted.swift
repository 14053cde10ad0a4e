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
}
