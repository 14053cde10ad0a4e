import Foundation
import MirrorBot
import Synchronization

/// Where one bot's start on a host is: the step it is in and since when, so a start that stalls
/// is named in the log (`bot_start_slow`) rather than silent.
final class StartProgress: Sendable {
    /// The step after which nothing is watched: `started` logged, the loops running.
    static let started = "started"

    /// A step, since when, and whether it is watched (a wait the bot chose is not: its turn among
    /// the bots starting, its wait to try again after a failure, each logged as it begins).
    struct Step: Sendable {
        var name: String
        var since: ContinuousClock.Instant
        var watched: Bool
    }

    private let state: Mutex<Step>

    init(at now: ContinuousClock.Instant = .now) {
        state = Mutex(Step(name: "waiting its turn", since: now, watched: false))
    }

    /// The bot goes on to `step`.
    func enter(_ step: String, watched: Bool = true, at now: ContinuousClock.Instant = .now) {
        state.withLock { $0 = Step(name: step, since: now, watched: watched) }
    }

    var current: Step { state.withLock { $0 } }

    /// Until the start reaches `started` (or the task is cancelled), a look every `every`: a
    /// `bot_start_slow` warning when one step has lasted `slowAfter`, again each time it has
    /// lasted twice as long as when last warned of.
    func watch(bot: String, log: Logger, slowAfter: Duration = .seconds(300), every: Duration = .seconds(15)) async {
        var looks = Looks(slowAfter: slowAfter)
        while true {
            do { try await Task.sleep(for: every) } catch { return }
            let step = current
            guard step.name != Self.started else { return }
            if let lasted = looks.slow(step, now: .now) {
                log.warning("bot_start_slow", ["bot": bot, "step": step.name, "for_s": Int(lasted.components.seconds)])
            }
        }
    }

    /// The watch's memory between looks: the step last seen, and how long it must last to be warned of.
    struct Looks {
        let slowAfter: Duration
        private var step = ""
        private var warnAfter: Duration

        init(slowAfter: Duration) {
            self.slowAfter = slowAfter
            warnAfter = slowAfter
        }

        /// How long `step` has lasted at `now`, when that is to be warned of; else nil.
        mutating func slow(_ step: Step, now: ContinuousClock.Instant) -> Duration? {
            if step.name != self.step {
                self.step = step.name
                warnAfter = slowAfter
            }
            let lasted = now - step.since
            guard step.watched, lasted >= warnAfter else { return nil }
            warnAfter = lasted * 2
            return lasted
        }
    }
}
