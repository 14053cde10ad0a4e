import Foundation
import MirrorBot
import Synchronization

/// Where one bot's start on a host is: the step it is in and since when, so a start that stalls
/// is named in the log (`bot_start_slow`) rather than silent.
final class StartProgress: Sendable {
    /// The step after which nothing is watched: `started` logged, the loops running.
    static let started = "started"

    private let state: Mutex<Step>

    /// A step, since when, and whether it is watched (a wait the bot chose is not: its turn among
    /// the bots starting, its wait to try again after a failure, each logged as it begins).
    struct Step {
        var name: String
        var since: ContinuousClock.Instant
        var watched: Bool
    }

    init() {
        state = Mutex(Step(name: "waiting its turn", since: .now, watched: false))
    }

    /// The bot goes on to `step`.
    func enter(_ step: String, watched: Bool = true) {
        state.withLock { $0 = Step(name: step, since: .now, watched: watched) }
    }

    var current: Step { state.withLock { $0 } }

    /// Until the start reaches `started` (or the task is cancelled): a `bot_start_slow` warning when
    /// one step has lasted `slowAfter`, again each time it has lasted twice as long, looked at every `every`.
    func watch(bot: String, log: Logger, slowAfter: Duration = .seconds(300), every: Duration = .seconds(15)) async {
        var step = ""
        var warnAfter = slowAfter
        while true {
            do { try await Task.sleep(for: every) } catch { return }
            let now = current
            guard now.name != Self.started else { return }
            if now.name != step {
                step = now.name
                warnAfter = slowAfter
            }
            let lasted = ContinuousClock.now - now.since
            if now.watched, lasted >= warnAfter {
                log.warning("bot_start_slow", ["bot": bot, "step": step, "for_s": Int(lasted.components.seconds)])
                warnAfter = lasted * 2
            }
        }
    }
}
