import Clocks
import FakeHTTP
import Foundation
import MastodonAPI
import Synchronization

/// A fake Mastodon server on 127.0.0.1 for tests.
///
/// It checks every request's bearer token (401 `{"error":"The access token is
/// invalid"}` otherwise), serves the endpoints `MastodonClient` uses with
/// Mastodon's JSON shapes, HTML content, `Link`-header paging and
/// `X-RateLimit-*` headers, honours `Idempotency-Key`, records every write,
/// and can be told to fail.
///
///     let server = FakeMastodonServer()
///     let token = server.addAccount(id: "2", username: "mirror")
///     try server.start()
///     let client = MastodonClient(token: token, configuration: .init(baseURL: server.baseURL))
///     ...
///     server.stop()
public final class FakeMastodonServer: FakeHTTPHosted {
    let world = Mutex(FakeMastodonWorld())
    public let http = FakeHTTPServer(name: "fake-mastodon")
    private let clock: any BotClock

    /// `clock` is the server's clock (new statuses, rate-limit windows).
    public init(clock: any BotClock = SystemClock()) {
        self.clock = clock
    }

    /// Starts listening on 127.0.0.1:`port` (0 picks a free one); returns the port.
    @discardableResult
    public func start(port: Int = 0) throws -> Int {
        try http.start(port: port, bound: { port in world.withLock { $0.baseURL = "http://127.0.0.1:\(port)" } }) {
            [weak self] request in self?.handle(request)
        }
    }

    private func handle(_ request: HTTPRequest) -> HTTPResponse? {
        let date = clock.now()
        return world.withLock { $0.handle(request, now: date) }
    }
}
