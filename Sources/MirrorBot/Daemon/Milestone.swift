import Synchronization

/// A moment of a daemon's life that others wait for, reached once (the first learning round
/// done): `wait()` returns at once after it, or when it is reached, or when the waiting task is
/// cancelled.
public final class Milestone: Sendable {
    private struct State {
        var reached = false
        var next = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var followers: [Milestone] = []
    }
    private let state = Mutex(State())

    public init() {}

    public var isReached: Bool { state.withLock { $0.reached } }

    /// How many tasks wait for it now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Reached: every waiter goes on, and so does each milestone told to follow this one.
    public func reach() {
        let (waiters, followers) = state.withLock { state -> ([CheckedContinuation<Void, Never>], [Milestone]) in
            guard !state.reached else { return ([], []) }
            state.reached = true
            defer { state.waiters = [:]; state.followers = [] }
            return (Array(state.waiters.values), state.followers)
        }
        waiters.forEach { $0.resume() }
        followers.forEach { $0.reach() }
    }

    /// `other` is reached when this one is (at once if it is already).
    public func passOn(to other: Milestone) {
        let now = state.withLock { state -> Bool in
            if state.reached { return true }
            state.followers.append(other)
            return false
        }
        if now { other.reach() }
    }

    /// Returns once reached, or once the calling task is cancelled.
    public func wait() async {
        let id = state.withLock { state -> Int in
            state.next += 1
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.reached || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// A loop's wait for the first learning round: when not yet reached, logs `event` (for=learning) and
    /// waits; throws `CancellationError` when the loop was cancelled meanwhile.
    public func waitForLearning(logging event: String, to log: Logger) async throws {
        guard !isReached else { return }
        log.info(event, ["for": "learning"])
        await wait()
        try Task.checkCancellation()
    }
}
