import Foundation

/// A task executor on a thread of its own, for tests that time an operation.
///
/// Swift Testing runs tests on the cooperative pool (two threads on a two-core
/// machine). While other tests block those threads (a process to wait for, a
/// polling loop), a timed test's continuation cannot resume, and its clock counts
/// the other tests' time: "gave up within 20 s" was measured as 23.5 s in a full run
/// while the operation itself had given up at once. `timed` runs the measured body
/// with this executor preferred, so the measurement waits for nothing but the body.
public final class TimingExecutor: TaskExecutor, @unchecked Sendable {
    public static let shared = TimingExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "mirror-bot.tests.timing"
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// How long `body` took, measured on `TimingExecutor`, away from the cooperative pool.
public func timed(_ body: () async throws -> Void) async throws -> Duration {
    try await withTaskExecutorPreference(TimingExecutor.shared) {
        let started = ContinuousClock.now
        try await body()
        return ContinuousClock.now - started
    }
}
