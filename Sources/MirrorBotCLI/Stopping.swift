import Dispatch
import Foundation
import LogLines
import MirrorBot

/// How `start` and `host` stop: on SIGTERM or SIGINT their main task is cancelled, and the
/// process exits within `deadline` seconds even with work in flight.
enum Stopping {
    /// Seconds between SIGTERM and exiting even with work in flight (platforms kill at 10).
    static let deadline: Double = 8

    /// Waits for `task`, cancelling it on SIGTERM or SIGINT. A blocking database or Redis call
    /// cannot be interrupted, so after a signal the process exits with 1 if `task` has not ended
    /// by `deadline`: claims in PostgreSQL keep anything in flight from being done twice. A task
    /// cancelled while it was starting ends quietly; any other error is rethrown.
    static func untilSignalled(_ task: Task<Void, any Error>, log: Logger) async throws {
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                log.report(.stopping(signal: number == SIGTERM ? "SIGTERM" : "SIGINT"))
                task.cancel()
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                    log.report(.stoppedForcibly(afterSeconds: Int(deadline)))
                    exit(1)
                }
            }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        do {
            try await task.value
        } catch is CancellationError {
            // Stopped by a signal while starting up.
        }
    }
}
