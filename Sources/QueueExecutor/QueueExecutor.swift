import Dispatch

/// A serial executor backed by its own `DispatchQueue`.
///
/// Actors that own a blocking C connection (libpq, hiredis) run on one of
/// these, so a slow query blocks that queue's thread and never one of the
/// cooperative pool's threads (two on a two-core machine).
public final class QueueExecutor: SerialExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async {
            unownedJob.runSynchronously(on: executor)
        }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
