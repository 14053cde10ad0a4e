import APIClientCore
import Clocks
import Foundation
import MirrorBot

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a network client in the fuzzer runs on: a transport that gives every attempt
/// the fuzzer's answer, a manual clock that every sleep moves on (no real waiting),
/// and the checks every call must pass, whatever the answer:
///
/// - only the call's own typed error comes out (`Failure`);
/// - every wait (a backoff or a rate-limit reset) is finite, not negative, and at most `maxWait`;
/// - no error line carries a secret given to the client, unless the answer itself did.
final class FuzzClientHarness: HTTPTransport, BotClock, @unchecked Sendable {
    let reply: HTTPReply
    /// The secrets the answer does not carry (one it carries may come back in an error's detail).
    let secrets: [String]
    let maxWait: Duration
    private let lock = NSLock()
    private var current = fuzzNow
    private var waits: [Duration] = []
    private var paths: [String] = []

    init(reply: HTTPReply, input: String, secrets: [String], configuration: APIClientConfiguration, scheme: RateLimitScheme) {
        self.reply = reply
        self.secrets = secrets.filter { !input.contains($0) }
        maxWait = max(configuration.rateLimitWaitBound(period: scheme.period), configuration.maxRetryDelay)
    }

    /// Few attempts, so an input costs little; the bounds otherwise as in production.
    static func configuration(baseURL: URL) -> APIClientConfiguration {
        APIClientConfiguration(baseURL: baseURL, maxAttempts: 2, maxRateLimitRetries: 1)
    }

    func send(_ request: URLRequest) async throws -> HTTPReply {
        lock.withLock { paths.append(request.url?.path ?? "") }
        return reply
    }

    /// How many attempts were sent to a path ending in `suffix` (e.g. an XRPC method's NSID).
    func sent(to suffix: String) -> Int { lock.withLock { paths.filter { $0.hasSuffix(suffix) }.count } }

    func now() -> Date { lock.withLock { current } }

    func sleep(for duration: Duration) async throws {
        lock.withLock {
            waits.append(duration)
            current += duration.seconds
        }
    }

    /// Runs one call; its value, or nil when it threw `Failure` (described and checked).
    func call<T, Failure: Error & CustomStringConvertible>(
        _ name: String, failing failure: Failure.Type, _ body: () async throws -> T
    ) async -> T? {
        lock.withLock { waits.removeAll() }
        defer { checkWaits(name) }
        do {
            return try await body()
        } catch let error as Failure {
            check(error.description, from: name)
            return nil
        } catch {
            fuzzCheck(false, "\(name) threw \(type(of: error)), not \(Failure.self): \(error)")
            return nil
        }
    }

    /// `call(_:failing:_:)` at a network's client: its own `Failure` is checked as there, and so
    /// is the line the daemon logs for it, the `NetworkError` that `seam` (the adapter's
    /// `networkError`) makes of it; a rate limit's reset must be a date.
    func call<T, Failure: Error & CustomStringConvertible>(
        _ name: String, failing failure: Failure.Type, seam: (Failure) -> NetworkError, _ body: () async throws -> T
    ) async -> T? {
        await call(name, failing: failure) {
            do {
                return try await body()
            } catch let error as Failure {
                let line = seam(error)
                if case .rateLimited(_, let resetAt) = line {
                    fuzzCheck(resetAt.timeIntervalSince1970.isFinite, "a reset that is no date: \(resetAt)")
                }
                check(String(describing: line), from: name)
                throw error
            }
        }
    }

    /// At most `pages` pages of a `SocialNetwork` stream, as the daemon walks one: only `NetworkError`,
    /// no page beyond `limit` posts.
    func walk(_ name: String, pages: Int, limit: Int, _ stream: () -> AsyncThrowingStream<StreamPage, any Error>) async {
        await walk(name, pages: pages, limit: limit, size: { $0.posts.count }, stream)
    }

    /// The same over a likes stream (pages without a position).
    func walk(_ name: String, pages: Int, limit: Int, _ stream: () -> AsyncThrowingStream<[NetworkPost], any Error>) async {
        await walk(name, pages: pages, limit: limit, size: { $0.count }, stream)
    }

    private func walk<Page>(
        _ name: String, pages: Int, limit: Int, size: (Page) -> Int, _ stream: () -> AsyncThrowingStream<Page, any Error>
    ) async {
        _ = await call(name, failing: NetworkError.self) {
            var count = 0
            for try await page in stream() {
                fuzzCheck(size(page) <= limit, "\(name): a page beyond the limit: \(size(page)) posts")
                count += 1
                if count == pages { break }
            }
        }
    }

    /// An error line the daemon would log: no secret in it that the answer did not bring.
    func check(_ line: String, from name: String) {
        for secret in secrets {
            fuzzCheck(!line.contains(secret), "\(name): an error line carries a secret: \(line)")
        }
    }

    private func checkWaits(_ name: String) {
        for wait in lock.withLock({ waits }) {
            fuzzCheck(wait >= .zero && wait <= maxWait, "\(name) waited \(wait), outside 0...\(maxWait)")
        }
    }
}
