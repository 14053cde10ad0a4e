import APIClientCore
import Clocks
import Foundation

/// Sends typed `XRPCRequest`s as one account: with its session's access token,
/// renewing the session once when the token has expired (`BlueskySessions`),
/// over the shared client core (`APIClient<BlueskyDialect>`: rate limits, 429s,
/// retries). Errors name the endpoint, the status and the server's error, never a token.
///
/// Time is injected: `clock` reads reset times and session expiry and does every wait.
public final class BlueskyClient: Sendable {
    /// The attempt loop; its dialect carries no token (every call brings its own).
    public let core: APIClient<BlueskyDialect>
    public let sessions: BlueskySessions
    public let configuration: BlueskyClientConfiguration

    /// What the last responses said about each endpoint's window.
    public var rateLimits: RateLimitBook { core.rateLimits }

    /// A client for the account `identifier` (handle or DID) with its app password,
    /// keeping its session in `store`. `transport` defaults to a `CurlTransport`.
    public init(
        identifier: String, appPassword: String, store: any BlueskySessionStore, configuration: BlueskyClientConfiguration,
        transport: (any HTTPTransport)? = nil,
        clock: any BotClock = SystemClock(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        events: @escaping @Sendable (BlueskySessionEvent) -> Void = { _ in },
        observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in }
    ) {
        self.configuration = configuration
        core = APIClient(
            configuration: configuration.client, dialect: BlueskyDialect(bearer: nil), transport: transport, clock: clock,
            jitter: jitter, observe: observe)
        sessions = BlueskySessions(
            identifier: identifier, password: appPassword, store: store, core: core, budget: configuration.loginBudget, clock: clock,
            events: events)
    }

    /// The session (logging in only when none is kept).
    public func session() async throws -> BlueskySession {
        try await sessions.session()
    }

    /// Sends `request`; an access token about to expire is renewed first, and a rejected
    /// one renews the session and the request is sent once more.
    public func send<R: XRPCRequest>(_ request: R) async throws -> R.Response {
        switch request.credential {
        case .none:
            return try await core.send(request, bearer: nil)
        case .refresh:
            return try await core.send(request, bearer: try await sessions.session().refreshJwt)
        case .access:
            let session = try await sessions.usableSession()
            do {
                return try await core.send(request, bearer: session.accessJwt)
            } catch let error as BlueskyAPIError where error.isTokenRejection {
                let renewed = try await sessions.renew(rejected: session.accessJwt)
                return try await core.send(request, bearer: renewed.accessJwt)
            }
        }
    }
}

extension APIClient where Dialect == BlueskyDialect {
    /// Sends `request` with `bearer` on every attempt (nil: no `Authorization`) and decodes its response.
    public func send<R: XRPCRequest>(_ request: R, bearer: String?) async throws -> R.Response {
        try await send(request, dialect: BlueskyDialect(bearer: bearer)).value
    }
}
