import Clocks
import Foundation

/// One of the daemon's loops: a unit of work, then how long to wait before the next.
public protocol DaemonLoop: Sendable {
    var name: String { get }
    /// Does one round of work; returns the time to sleep before the next round.
    func runOnce() async throws -> Duration
}

/// Runs a loop until cancelled, its first round at once or after a phase. A failed round is
/// logged and retried after an exponential backoff (5 s doubling to 5 min); the loop never dies
/// of it. A round refused by a rate limit spent until later than that retry is deferred instead:
/// the loop sleeps until the reset, and one line says when it resumes.
public struct LoopSupervisor: Sendable {
    public let clock: any BotClock
    public let log: Logger
    /// The wait after a failed round: 5 s doubling to 5 min.
    public var backoff = Backoff(base: .seconds(5), cap: .seconds(300))
    /// Draws each failed round's jitter in [0, 1]: its wait is then between half and one and a half
    /// of the doubling, still at most the cap (nil: the doubling itself). A host's bots whose rounds
    /// failed together, on one slow server, do not all retry together.
    public var jitter: (@Sendable () -> Double)?
    /// Each loop's last success; with `heartbeat`, beaten after a round while every loop is on time.
    public var health: LoopHealth?
    public var heartbeat: (@Sendable () -> Void)?
    /// Told of every round, good or failed (the status page and /healthz).
    public var status: (any StatusSink)?

    public init(
        clock: any BotClock, log: Logger, health: LoopHealth? = nil, heartbeat: (@Sendable () -> Void)? = nil, status: (any StatusSink)? = nil
    ) {
        self.clock = clock
        self.log = log
        self.health = health
        self.heartbeat = heartbeat
        self.status = status
    }

    /// Runs `loop` until cancelled, its first round after `phase` (on the bot's clock), a wait that is on time.
    public func run(_ loop: any DaemonLoop, after phase: Duration = .zero) async {
        let log = self.log.with(["loop": loop.name])
        if phase > .zero {
            health?.succeeded(loop.name, wait: phase)
            status?.roundPhased(loop.name, wait: phase)
            do { try await clock.sleep(for: phase) } catch { return }
        }
        var failures = 0
        while !Task.isCancelled {
            do {
                let wait = try await Self.inTaskOfItsOwn { try await loop.runOnce() }
                if failures > 0 { log.report(.recovered(afterFailures: failures)) }
                failures = 0
                health?.succeeded(loop.name, wait: wait)
                status?.roundSucceeded(loop.name, wait: wait)
                if let heartbeat, health?.isHealthy ?? true { heartbeat() }
                try await clock.sleep(for: wait)
            } catch {
                if Task.isCancelled || error is CancellationError { break }
                let delay = backoff.delay(retry: failures + 1, jitter: jitter?() ?? 0.5)
                if let wait = deferral(of: error, beyond: delay, log: log) {
                    // Waiting out a spent limit is the round's work: not a failure, and on time.
                    health?.succeeded(loop.name, wait: wait)
                    do { try await clock.sleep(for: wait) } catch { break }
                    continue
                }
                failures += 1
                status?.roundFailed(loop.name, error: error)
                log.report(.roundFailed(error: String(describing: error), retryInSeconds: Int(delay.seconds.rounded())))
                do { try await clock.sleep(for: delay) } catch { break }
            }
        }
    }
}

extension LoopSupervisor {
    /// `work` run in a child task of its own, which ends with it. A task keeps the memory its
    /// deepest call ever held for its async frames until it ends: a loop's long-lived task that ran
    /// its rounds itself would hold its deepest round's frames (kilobytes) through every sleep, for
    /// each loop of each bot of a host.
    public static func inTaskOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            guard let result = try await group.next() else { throw CancellationError() }
            return result
        }
    }

    /// The longest a loop is deferred at once; a limit spent longer defers it again.
    static let maximumDeferral: TimeInterval = 24 * 3600

    /// When `error` is a limit spent until later than the next retry would come, the wait
    /// until its reset (one `round_deferred` line says when the loop resumes); else nil.
    func deferral(of error: any Error, beyond delay: Duration, log: Logger) -> Duration? {
        guard case NetworkError.rateLimited(let endpoint, let resetAt)? = error as? NetworkError else { return nil }
        let seconds = resetAt.timeIntervalSince(clock.now())
        guard seconds > delay.seconds else { return nil }
        let resume = clock.now().addingTimeInterval(min(seconds, Self.maximumDeferral) + 1)
        log.report(.roundDeferred(endpoint: endpoint, resumeAt: resume))
        return .seconds(resume.timeIntervalSince(clock.now()))
    }
}

/// Runs every loop concurrently until the surrounding task is cancelled (SIGTERM/SIGINT).
public struct Daemon: Sendable {
    public let loops: [any DaemonLoop]
    public let supervisor: LoopSupervisor
    /// The wait before a loop's first round, by the loop's name (none: at once).
    public var phases: [String: Duration] = [:]

    public init(loops: [any DaemonLoop], supervisor: LoopSupervisor) {
        self.loops = loops
        self.supervisor = supervisor
    }

    /// How often the heartbeat is beaten between rounds while every loop is on time: a loop may
    /// sleep longer than the heartbeat's file may age (a posting loop until its next slot, a
    /// POLL_INTERVAL_SECONDS of an hour).
    public var beatInterval: Duration = .seconds(60)

    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            for loop in loops {
                let phase = phases[loop.name] ?? .zero
                group.addTask { await supervisor.run(loop, after: phase) }
            }
            if let heartbeat = supervisor.heartbeat {
                let (health, interval) = (supervisor.health, beatInterval)
                group.addTask {
                    while (try? await Task.sleep(for: interval)) != nil {
                        if health?.isHealthy ?? true { heartbeat() }
                    }
                }
            }
        }
    }
}
