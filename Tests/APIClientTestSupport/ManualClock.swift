import Clocks
import Foundation
import Synchronization

/// The one test clock, for the loops and for the network clients and fakes: time moves only
/// when told (postgres-nio tests its pool on a `MockClock`).
///
/// `sleep(for:)` does not wait: it records the duration, moves the time on by it, and
/// returns, so waits are checked without waiting, and a fake server reading the same clock
/// sees them pass. After `sleepLimit` sleeps it throws `CancellationError`, so a supervised
/// loop ends after a known number of rounds.
public final class ManualClock: BotClock {
    private struct State {
        var now: Date
        var sleeps: [Duration] = []
    }

    private let state: Mutex<State>
    public let sleepLimit: Int

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000), sleepLimit: Int = .max) {
        state = Mutex(State(now: start))
        self.sleepLimit = sleepLimit
    }

    public func now() -> Date { state.withLock { $0.now } }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let limited = state.withLock { state -> Bool in
            guard state.sleeps.count < sleepLimit else { return true }
            state.sleeps.append(duration)
            state.now += duration.seconds
            return false
        }
        if limited { throw CancellationError() }
        await Task.yield()
    }

    /// Moves the time on by `seconds`.
    public func advance(_ seconds: TimeInterval) {
        state.withLock { $0.now += seconds }
    }

    /// Sets the time.
    public func set(_ date: Date) {
        state.withLock { $0.now = date }
    }

    /// Every sleep asked for so far, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }
}
