import Clocks
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A dialect whose credential is one bearer token, sent as `Authorization: Bearer` on every
/// attempt (Mastodon's, Misskey's).
public protocol BearerTokenDialect: APIDialect {
    init(token: String)
    var token: String { get }
}

extension BearerTokenDialect {
    public func authorize(_ request: inout URLRequest, now: Date) async {
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
}

/// A network's client for one bearer-token account: the shared `APIClient` in the network's
/// dialect (`core`), made from the token (`MastodonClient`, `MisskeyClient`). Each adds its
/// typed `send` and its pager.
public protocol BearerTokenClient: Sendable {
    associatedtype Dialect: BearerTokenDialect
    var core: APIClient<Dialect> { get }
    init(core: APIClient<Dialect>)
}

extension BearerTokenClient {
    /// `transport` defaults to a `CurlTransport` (tests pass a scripted one); `clock` reads reset
    /// times and does every wait; `observe` hears every attempt, retry and rate-limit wait
    /// (the status page counts them).
    public init(
        token: String, configuration: APIClientConfiguration,
        clock: any BotClock = SystemClock(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        transport: (any HTTPTransport)? = nil,
        observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in }
    ) {
        self.init(
            core: APIClient(
                configuration: configuration, dialect: Dialect(token: token), transport: transport, clock: clock, jitter: jitter,
                observe: observe))
    }

    public var configuration: APIClientConfiguration { core.configuration }
    /// The endpoints' windows as the last responses left them.
    public var rateLimits: RateLimitBook { core.rateLimits }
}
