import MirrorBot
import Synchronization

/// A loop whose first `failures` rounds fail with `error`, then wait `wait`.
public final class FlakyLoop: DaemonLoop {
    public let name = "flaky"
    public let failures: Int
    public let wait: Duration
    public let error: @Sendable () -> NetworkError
    public let rounds = Mutex(0)
    public init(
        failures: Int, wait: Duration = .seconds(300),
        error: @escaping @Sendable () -> NetworkError = { .failed(endpoint: "GET", status: 503, detail: "down") }
    ) {
        self.failures = failures
        self.wait = wait
        self.error = error
    }
    public func runOnce() async throws -> Duration {
        let round = rounds.withLock { value -> Int in
            value += 1
            return value
        }
        if round <= failures { throw error() }
        return wait
    }
}
