import APIClientTestSupport
import Clocks
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Synchronization
import Testing

@Suite("Loop supervisor on a manual clock")
struct LoopSupervisorTests {
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

    @Test("a round refused by a limit spent for hours is deferred to the reset, in one line naming the resume time")
    func deferral() async throws {
        let clock = ManualClock(sleepLimit: 2)
        let start = clock.now()
        let log = LogRecorder()
        let health = LoopHealth(loopNames: ["flaky"], clock: clock, grace: 60)
        let loop = FlakyLoop(failures: 1, wait: .seconds(60)) {
            .rateLimited(endpoint: "POST /api/v1/statuses", resetAt: clock.now().addingTimeInterval(3 * 3600))
        }
        await LoopSupervisor(clock: clock, log: log.logger, health: health).run(loop)
        #expect(clock.sleeps == [.seconds(3 * 3600 + 1), .seconds(60)])
        #expect(log.events("round_failed").isEmpty)
        let deferred = log.events("round_deferred")
        #expect(deferred.count == 1)
        #expect(deferred.first?.contains("resume_at=\(Logger.timestamp(start.addingTimeInterval(3 * 3600 + 1)))") == true)
        #expect(deferred.first?.contains("loop=flaky") == true)
        #expect(health.isHealthy)
    }

    @Test("a reset sooner than the next retry is an ordinary failure, backed off as before")
    func nearResetFails() async throws {
        let clock = ManualClock(sleepLimit: 1)
        let log = LogRecorder()
        let loop = FlakyLoop(failures: .max) {
            .rateLimited(endpoint: "GET /2/users/:id/liked_tweets", resetAt: clock.now().addingTimeInterval(2))
        }
        await LoopSupervisor(clock: clock, log: log.logger).run(loop)
        #expect(clock.sleeps == [.seconds(5)])
        #expect(log.events("round_failed").count == 2)
        #expect(log.events("round_deferred").isEmpty)
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

    @Test("a loop begun at a phase sleeps it before its first round, and is on time while it waits")
    func phase() async throws {
        let clock = ManualClock(sleepLimit: 2)
        let health = LoopHealth(loopNames: ["flaky"], clock: clock, grace: 60)
        let loop = FlakyLoop(failures: 0, wait: .seconds(300))
        await LoopSupervisor(clock: clock, log: .silent, health: health).run(loop, after: .seconds(900))
        #expect(clock.sleeps == [.seconds(900), .seconds(300)])
        #expect(loop.rounds.withLock { $0 } == 2)

        // Stopped within its phase, 800 s in: no round yet, and not late (without the phase, late after 60 s).
        let waiting = ManualClock(sleepLimit: 0)
        let waitingHealth = LoopHealth(loopNames: ["flaky"], clock: waiting, grace: 60)
        let waitingLoop = FlakyLoop(failures: 0)
        await LoopSupervisor(clock: waiting, log: .silent, health: waitingHealth).run(waitingLoop, after: .seconds(900))
        #expect(waitingLoop.rounds.withLock { $0 } == 0)
        waiting.advance(800)
        #expect(waitingHealth.isHealthy)
        waiting.advance(200)
        #expect(!waitingHealth.isHealthy)
    }

    @Test("with a jitter drawn for each failed round, its retry waits between half and one and a half of the doubling")
    func jitter() async throws {
        let clock = ManualClock(sleepLimit: 4)
        let draws = Mutex([0.0, 1.0, 0.25])
        var supervisor = LoopSupervisor(clock: clock, log: .silent)
        supervisor.jitter = { draws.withLock { $0.removeFirst() } }
        await supervisor.run(FlakyLoop(failures: 3))
        #expect(clock.sleeps == [.seconds(2.5), .seconds(15), .seconds(15), .seconds(300)])
    }

    /// A round, then an hour's sleep: the one round's beat, and the timer's.
    struct SleepyLoop: DaemonLoop {
        let name = "sleepy"
        func runOnce() async throws -> Duration { .seconds(3600) }
    }

    @Test("between rounds the daemon beats every beatInterval while every loop is on time, and never while one is late")
    func beatsBetweenRounds() async throws {
        /// The beats counted once `enough` were (at most 120 s: a loaded machine may wake the timer
        /// seconds late), or after 600 ms.
        func beats(loopNames: [String], enough: Int = .max) async throws -> Int {
            let beats = Mutex(0)
            let health = LoopHealth(loopNames: loopNames, clock: SystemClock(), grace: 0.1)
            let supervisor = LoopSupervisor(clock: SystemClock(), log: .silent, health: health, heartbeat: { beats.withLock { $0 += 1 } })
            var daemon = Daemon(loops: [SleepyLoop()], supervisor: supervisor)
            daemon.beatInterval = .milliseconds(50)
            let running = Task { [daemon] in await daemon.run() }
            let clock = ContinuousClock()
            let deadline = clock.now + (enough == .max ? .milliseconds(600) : .seconds(120))
            while beats.withLock({ $0 }) < enough, clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            running.cancel()
            await running.value
            return beats.withLock { $0 }
        }
        #expect(try await beats(loopNames: ["sleepy"], enough: 5) >= 5)
        // "never" has no round: late after the 0.1 s grace, so no beat from then on (the round's and
        // the timer's at 50 and 100 ms at most).
        #expect(try await beats(loopNames: ["sleepy", "never"]) <= 3)
    }
}
