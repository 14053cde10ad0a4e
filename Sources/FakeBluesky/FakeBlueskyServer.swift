import Clocks
import FakeHTTP
import Foundation
import Synchronization

/// A fake Bluesky (PDS and AppView in one) on 127.0.0.1 for tests.
///
/// It serves the XRPC methods mirror-bot calls with the lexicons' JSON shapes:
/// sessions from app passwords (JWT-shaped tokens; access tokens expire after
/// `accessTokenLifetime`, answered with 400 `ExpiredToken`; a refresh token works
/// once; 30 logins per 5 minutes and 300 a day), feeds and notifications paged by
/// cursor, `followedBy` in every author's viewer state, self-labels, and
/// `createRecord` validated strictly (`FakeBlueskyWorld+Writes`). Every response
/// carries `ratelimit-*` headers; spent windows answer 429 `RateLimitExceeded`.
/// It records every request and write (and shows each write to `onWrite`), and
/// can be told to fail. `load(_:)` builds a world from a seed file and
/// `schedule(_:)` runs its activity (the `fake-bluesky` executable, for the demo).
///
///     let server = FakeBlueskyServer()
///     server.addAccount(did: "did:plc:bot", handle: "mirror.test", appPassword: "aaaa-bbbb-cccc-dddd")
///     try server.start()
///     // BlueskyClientConfiguration(serviceURL: server.baseURL)
public final class FakeBlueskyServer: FakeHTTPHosted {
    let world = Mutex(FakeBlueskyWorld())
    public let http = FakeHTTPServer(name: "fake-bluesky")
    private let clock: any BotClock
    private let onWrite: (@Sendable (FakeBlueskyWrite) -> Void)?

    /// `clock` is the server's clock (token expiry, new records, rate-limit windows);
    /// `onWrite` sees each accepted write, after it is recorded.
    public init(clock: any BotClock = SystemClock(), onWrite: (@Sendable (FakeBlueskyWrite) -> Void)? = nil) {
        self.clock = clock
        self.onWrite = onWrite
    }

    /// Starts listening on 127.0.0.1:`port` (0 picks a free one); returns the port.
    @discardableResult
    public func start(port: Int = 0) throws -> Int {
        try http.start(port: port) { [weak self] request in self?.handle(request) }
    }

    private func handle(_ request: HTTPRequest) -> HTTPResponse? {
        let date = clock.now()
        let (response, newWrites) = world.withLock { world in
            let writeCount = world.writes.count
            let response = world.handle(request, now: date)
            return (response, Array(world.writes[writeCount...]))
        }
        if let onWrite { newWrites.forEach(onWrite) }
        return response
    }
}
