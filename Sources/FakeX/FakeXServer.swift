import Clocks
import FakeHTTP
import Foundation
import Synchronization
import XAPI

/// A fake X API v2 server on 127.0.0.1 for tests and the local demo.
///
/// It checks every request's OAuth 1.0a signature against the registered
/// users' secrets, serves the endpoints `XClient` uses with X's JSON shapes,
/// paging and rate-limit headers, records every write, and can be told to fail.
///
///     let server = FakeXServer()
///     let bot = server.addUser(id: "2", username: "bot")   // returns credentials
///     try server.start()                                    // port 0: a free port
///     let client = XClient(credentials: bot, configuration: .init(baseURL: server.baseURL))
///     ...
///     server.stop()
public final class FakeXServer: FakeHTTPHosted {
    let world: Mutex<FakeXWorld>
    public let http = FakeHTTPServer(name: "fake-x")
    private let clock: any BotClock
    private let onWrite: (@Sendable (FakeXWrite) -> Void)?
    private let onRequest: (@Sendable (FakeXRequestRecord) -> Void)?

    /// `clock` is the server's clock (timestamps, rate-limit windows, new posts);
    /// `onWrite` and `onRequest` see each accepted write and each request.
    public init(
        settings: FakeXSettings = FakeXSettings(), clock: any BotClock = SystemClock(),
        onWrite: (@Sendable (FakeXWrite) -> Void)? = nil, onRequest: (@Sendable (FakeXRequestRecord) -> Void)? = nil
    ) {
        self.world = Mutex(FakeXWorld(settings: settings))
        self.clock = clock
        self.onWrite = onWrite
        self.onRequest = onRequest
    }

    /// Starts listening on 127.0.0.1:`port` (0 picks a free one); returns the port.
    @discardableResult
    public func start(port: Int = 0) throws -> Int {
        // Weak: a server nobody holds any more stops (deinit) instead of leaking its thread.
        try http.start(port: port) { [weak self] request in self?.handle(request) }
    }

    /// The dialect it speaks (`FakeXSettings.dialect`).
    public var dialect: XFieldDialect { world.withLock { $0.settings.dialect } }

    /// Changes settings while running (e.g. `$0.likesForbidden = true`).
    public func configure(_ change: (inout FakeXSettings) -> Void) {
        world.withLock { change(&$0.settings) }
    }

    private func handle(_ request: HTTPRequest) -> HTTPResponse? {
        let date = clock.now()
        let (response, record, newWrites) = world.withLock { world in
            let writeCount = world.writes.count
            let response = world.handle(request, now: date)
            return (response, world.requests.records.last, Array(world.writes[writeCount...]))
        }
        if let record { onRequest?(record) }
        newWrites.forEach { onWrite?($0) }
        return response
    }
}
