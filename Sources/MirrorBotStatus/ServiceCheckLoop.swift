import Foundation
import MirrorBot

/// A service the daemon depends on, and how to ask it whether it is there (a PING, a SELECT 1).
public struct ServiceCheck: Sendable {
    public let name: String
    public let check: @Sendable () async throws -> Void

    public init(name: String, check: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.check = check
    }
}

/// Asks each service once a round, so /healthz names a service that is down even while no
/// loop needed it yet (a quiet timeline never touches Redis). A failed check is reported to
/// the status board, not thrown: the loop keeps its pace (no backoff) and notices at once
/// when the service is back. Logs `service_down` and `service_up` on each change.
public struct ServiceCheckLoop: DaemonLoop {
    public let name = "services"
    public let checks: [ServiceCheck]
    public let interval: Duration
    public let status: StatusBoard
    public let log: Logger

    public init(checks: [ServiceCheck], interval: Duration, status: StatusBoard, log: Logger) {
        self.checks = checks
        self.interval = interval
        self.status = status
        self.log = log.with(["loop": "services"])
    }

    public func runOnce() async throws -> Duration {
        for service in checks {
            try Task.checkCancellation()
            do {
                try await service.check()
                if status.serviceUp(service.name) { log.report(.serviceUp(service.name)) }
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                if status.serviceDown(service.name, error: error) {
                    log.report(.serviceDown(service.name, error: String(describing: error)))
                }
            }
        }
        return interval
    }
}
