import Foundation

/// Sends typed `XRPCRequest`s as one account: with its session's access token,
/// renewing the session once when the token has expired (`BlueskySessions`),
/// over the attempt loop (`BlueskyXRPC`: rate limits, 429s, retries). Errors
/// name the endpoint, the status and the server's error, never a token.
public final class BlueskyClient: Sendable {
    public let xrpc: BlueskyXRPC
    public let sessions: BlueskySessions

    public var configuration: BlueskyClientConfiguration { xrpc.configuration }

    public init(xrpc: BlueskyXRPC, sessions: BlueskySessions) {
        self.xrpc = xrpc
        self.sessions = sessions
    }

    /// A client for the account `identifier` (handle or DID) with its app password,
    /// keeping its session in `store`.
    public convenience init(
        identifier: String, appPassword: String, store: any BlueskySessionStore, configuration: BlueskyClientConfiguration,
        transport: (any BlueskyHTTPTransport)? = nil,
        sleep: @escaping BlueskyXRPC.Sleep = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() },
        events: @escaping @Sendable (BlueskySessionEvent) -> Void = { _ in }
    ) {
        let xrpc = BlueskyXRPC(configuration: configuration, transport: transport, sleep: sleep, now: now)
        self.init(
            xrpc: xrpc,
            sessions: BlueskySessions(identifier: identifier, password: appPassword, store: store, xrpc: xrpc, now: now, events: events))
    }

    /// The session (logging in only when none is kept).
    public func session() async throws -> BlueskySession {
        try await sessions.session()
    }

    /// Sends `request`; a rejected access token renews the session and the request is sent once more.
    public func send<R: XRPCRequest>(_ request: R) async throws -> R.Response {
        switch request.credential {
        case .none:
            return try await xrpc.send(request, dialect: BlueskyDialect(bearer: nil))
        case .refresh:
            return try await xrpc.send(request, dialect: BlueskyDialect(bearer: try await sessions.session().refreshJwt))
        case .access:
            let session = try await sessions.session()
            do {
                return try await xrpc.send(request, dialect: BlueskyDialect(bearer: session.accessJwt))
            } catch let error as BlueskyAPIError where error.isTokenRejection {
                let renewed = try await sessions.renew(rejected: session.accessJwt)
                return try await xrpc.send(request, dialect: BlueskyDialect(bearer: renewed.accessJwt))
            }
        }
    }
}
