import APIClientCore
import Clocks
import Foundation

/// Sends typed `XRequest`s for one account: signs each attempt, obeys rate
/// limits, retries transient failures, and classifies X's refusals: the shared
/// `APIClient` in X's dialect.
///
/// Time is injected: `clock` reads reset times, signs, and does every wait (tests observe
/// it); the default, `SystemClock`, sleeps with `Task.sleep`, so waits end on cancellation.
public final class XClient: Sendable {
    /// `https://api.x.com`.
    public static let defaultBaseURL = URL(string: "https://api.x.com")!
    /// X at `defaultBaseURL`, with the shared defaults.
    public static var defaultConfiguration: XClientConfiguration { XClientConfiguration(baseURL: defaultBaseURL) }

    let core: APIClient<XDialect>
    /// The dialect this client's server answers in (shared with the other account's client).
    public let dialects: XDialectMemory

    public var configuration: XClientConfiguration { core.configuration }
    /// What the last responses said about each endpoint's limit.
    public var rateLimits: RateLimitBook { core.rateLimits }

    /// `transport` defaults to a `CurlTransport` (tests pass a scripted one); `observe` hears
    /// every attempt, retry and rate-limit wait (the status page counts them); `appRateLimits`
    /// are the per-app windows shared with the other clients of the credentials' app (nil: none).
    public init(
        credentials: OAuthCredentials, configuration: XClientConfiguration = XClient.defaultConfiguration,
        clock: any BotClock = SystemClock(),
        nonce: @escaping @Sendable () -> String = { OAuthSigner.randomNonce() },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        transport: (any HTTPTransport)? = nil,
        observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in },
        dialects: XDialectMemory = XDialectMemory(), appRateLimits: AppRateLimits? = nil
    ) {
        self.dialects = dialects
        core = APIClient(
            configuration: configuration, dialect: XDialect(signer: OAuthSigner(credentials: credentials), nonce: nonce),
            transport: transport, clock: clock, jitter: jitter, observe: observe, appRateLimits: appRateLimits)
    }

    /// Sends `request` and decodes its response, waiting out rate limits and
    /// retrying 5xx, connection failures and undecodable bodies with backoff.
    /// A post that may have gone out is never sent twice (`outcomeUnknown`).
    /// A request that names post fields speaks the dialect learned so far; when the server
    /// refuses that dialect (a 400 naming its field parameter or one of its own expansions),
    /// the client switches (`dialects` reports it once) and asks again in the other.
    /// Throws `XAPIError` (or `CancellationError`).
    public func send<R: XRequest>(_ request: R) async throws -> R.Response {
        guard request.usesFieldDialect else { return try await core.send(request).value }
        let dialect = dialects.current
        let response: R.Response
        do {
            response = try await core.send(request.speaking(dialect)).value
        } catch XAPIError.invalidRequest(let endpoint, let refusals, let detail) where dialect.isRefused(by: refusals) {
            let other = dialects.refused(dialect, endpoint: endpoint, detail: detail)
            return try await core.send(request.speaking(other)).value
        }
        // A server that ignored the other dialect's names answers in its own: switch and ask again.
        guard let spoken = request.dialect(of: response), spoken != dialect else { return response }
        let detail = "the answer came in \(spoken.rawValue) names (\(spoken.editHistoryField)), without the fields asked for"
        let other = dialects.refused(dialect, endpoint: request.endpoint, detail: detail)
        return try await core.send(request.speaking(other)).value
    }
}

extension XClient {
    /// A plain `GET` of a public file (a post's picture on `pbs.twimg.com`), unsigned, over the
    /// client's transport: one attempt, the answer as it came.
    public func fetch(_ url: URL) async throws -> HTTPReply {
        try await core.fetch(url)
    }
}
