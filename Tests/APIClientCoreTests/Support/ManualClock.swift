import Foundation
import Synchronization

/// Time that passes only when the client sleeps: every sleep is recorded and
/// moves `now` on at once, so waits are checked without waiting.
final class ManualClock: Sendable {
    private let state: Mutex<(now: Date, sleeps: [Duration])>

    init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Mutex((now, []))
    }

    var now: Date { state.withLock { $0.now } }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(_ duration: Duration) async throws {
        try Task.checkCancellation()
        let parts = duration.components
        let seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        state.withLock { state in
            state.sleeps.append(duration)
            state.now += seconds
        }
    }
}
