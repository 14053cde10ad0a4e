import Clocks
import Foundation
import Synchronization

/// When each loop last finished a round, so the heartbeat says "healthy" only
/// while every loop is making progress, not merely one of them.
public final class LoopHealth: Sendable {
    private let clock: any BotClock
    private let grace: TimeInterval
    private let loops: Mutex<[String: (lastSuccess: Date, wait: TimeInterval)]>

    /// A loop is late when its last success is older than its own wait plus `grace` (real seconds).
    public init(loopNames: [String], clock: any BotClock, grace: TimeInterval = 600) {
        self.clock = clock
        self.grace = grace
        let start = clock.now()
        loops = Mutex(Dictionary(uniqueKeysWithValues: loopNames.map { ($0, (start, 0)) }))
    }

    /// Records a successful round of `loop`, which now waits `wait` before its next.
    public func succeeded(_ loop: String, wait: Duration) {
        let now = clock.now()
        loops.withLock { $0[loop] = (now, wait.seconds) }
    }

    /// True while no loop is late.
    public var isHealthy: Bool {
        let now = clock.now()
        return loops.withLock { loops in
            loops.values.allSatisfy { now.timeIntervalSince($0.lastSuccess) <= $0.wait + grace }
        }
    }
}
