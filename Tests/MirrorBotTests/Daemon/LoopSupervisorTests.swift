import CoreTestSupport
import Foundation
@testable import MirrorBot
import Synchronization
import Testing

@Suite("Loop supervisor on a manual clock")
struct LoopSupervisorTests {
    /// Fails its first `failures` rounds, then succeeds, waiting `wait`.
    final class FlakyLoop: DaemonLoop {
        let name = "flaky"
        let failures: Int
        let rounds = Mutex(0)
        init(failures: Int) { self.failures = failures }
        func runOnce() async throws -> Duration {
            let round = rounds.withLock { value -> Int in
                value += 1
                return value
            }
            if round <= failures { throw NetworkError.failed(endpoint: "GET", status: 503, detail: "down") }
            return .seconds(300)
        }
    }

    @Test("a failed round backs off 5 s doubling to 5 minutes, logs, and the loop goes on")
    func backoff() async throws {
        let clock = ManualClock(sleepLimit: 9)
        let log = LogRecorder()
        let loop = FlakyLoop(failures: 8)
        await LoopSupervisor(clock: clock, log: log.logger).run(loop)
        #expect(clock.sleeps == [5, 10, 20, 40, 80, 160, 300, 300, 300].map { Duration.seconds($0) })
        #expect(log.events("round_failed").count == 8)
        #expect(log.events("recovered").first?.contains("after_failures=8") == true)
    }

    @Test("a heartbeat only while every loop is on time")
    func heartbeat() async throws {
        let clock = ManualClock(sleepLimit: 3)
        let beats = Mutex(0)
        let health = LoopHealth(loopNames: ["flaky", "other"], clock: clock, grace: 60)
        let supervisor = LoopSupervisor(clock: clock, log: .silent, health: health, heartbeat: { beats.withLock { $0 += 1 } })
        await supervisor.run(FlakyLoop(failures: 0))
        // Round 1 beats; by round 2 the time is 300 s on and "other" never succeeded: late.
        #expect(beats.withLock { $0 } == 1)
    }
}
