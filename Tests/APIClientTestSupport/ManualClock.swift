import Foundation
import Synchronization

/// Time that passes only when a client sleeps: every sleep is recorded and
/// moves `now` on at once, so waits are checked without waiting, and a fake
/// server reading the same clock sees them pass (postgres-nio's `MockClock`).
public final class ManualClock: Sendable {
    private let state: Mutex<(now: Date, sleeps: [Duration])>

    public init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Mutex((now, []))
    }

    public var now: Date { state.withLock { $0.now } }

    /// Every sleep asked for so far, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Records `duration` and moves the time on by it; throws when the task is cancelled.
    public func sleep(_ duration: Duration) async throws {
        try Task.checkCancellation()
        let parts = duration.components
        let seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        state.withLock { state in
            state.sleeps.append(duration)
            state.now += seconds
        }
        await Task.yield()
    }
}
