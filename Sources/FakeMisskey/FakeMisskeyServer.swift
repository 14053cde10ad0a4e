import Clocks
import FakeHTTP
import Foundation
import MisskeyAPI
import Synchronization

/// A fake Misskey server on 127.0.0.1 for tests and the demo, as strict as Misskey itself:
/// every call a `POST /api/<endpoint>` with a JSON body; tokens (header or body `i`) and each
/// endpoint's permission; parameters checked as Misskey's validator checks them
/// (`INVALID_PARAM`, extra properties allowed); `notes/create` and `notes/delete` 300 per hour
/// (`notes/delete` also one a second) and
/// `i/notifications` 30 per 30 s per user, a 429 saying `Retry-After`; `aidx` ids with
/// `createdAt` read from them; `sinceId` alone answered oldest first; and misskey.io's own rules
/// (an identical `notes/create` within 60 s returns the note already made, one in flight 202
/// `PROCESSING`; a bot may not reply to a bot). Facts: `../shared/docs/PLATFORM-FACTS-MISSKEY.md`.
///
///     let server = FakeMisskeyServer()
///     let (bot, token) = server.addUser(username: "mirror", isBot: true)
///     try server.start()
///     let client = MisskeyClient(token: token, configuration: .init(baseURL: server.baseURL))
public final class FakeMisskeyServer: FakeHTTPHosted {
    let world: Mutex<FakeMisskeyWorld>
    public let http = FakeHTTPServer(name: "fake-misskey")
    let clock: any BotClock

    /// Every permission mirror-bot's accounts are given (docs/MISSKEY.md).
    public static let allPermissions: Set<String> = [
        "read:account", "write:account", "read:notifications", "write:notes", "write:reactions", "read:reactions", "write:drive",
    ]

    /// `clock` is the server's clock (ids, rate-limit windows, idempotency); `onWrite` hears every accepted write.
    public init(clock: any BotClock = SystemClock(), onWrite: (@Sendable (FakeMisskeyWrite) -> Void)? = nil) {
        self.clock = clock
        var world = FakeMisskeyWorld()
        world.onWrite = onWrite
        self.world = Mutex(world)
    }

    /// Starts listening on 127.0.0.1:`port` (0 picks a free one); returns the port.
    @discardableResult
    public func start(port: Int = 0) throws -> Int {
        let port = try http.start(port: port) { [weak self] request in self?.handle(request) }
        let base = http.baseURL.absoluteString
        world.withLock { $0.baseURL = base.hasSuffix("/") ? String(base.dropLast()) : base }
        return port
    }

    private func handle(_ request: HTTPRequest) -> HTTPResponse? {
        let date = clock.now()
        return world.withLock { $0.handle(request, now: date) }
    }
}
