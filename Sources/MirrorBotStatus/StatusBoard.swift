import Clocks
import Foundation
import LogLines
import MirrorBot
import MirrorBotSpend
import Synchronization

/// What the daemon shows of itself, kept under one lock: the loops' events and reports
/// write into it as things happen, and each status request copies it
/// (`snapshot()`) and renders the copy on its own thread. Nothing here waits
/// on anything but that lock, held only to change or copy a value.
public final class StatusBoard: StatusSink, SpendSink {
    private let state: Mutex<StatusState>
    private let botClock: any BotClock
    private let realClock: any BotClock
    private let redactor: Redactor
    /// How long past its due time a loop may be before /healthz calls it late (real seconds).
    public let grace: TimeInterval
    /// What this board keeps: everything (`start`'s page) or the counts (a host's bots).
    public let detail: StatusDetail

    public init(
        loops: [String] = StatusMetrics.loops, botClock: any BotClock, realClock: any BotClock = SystemClock(),
        redactor: Redactor = Redactor(), grace: TimeInterval = 600, detail: StatusDetail = .full
    ) {
        self.botClock = botClock
        self.realClock = realClock
        self.redactor = redactor
        self.grace = grace
        self.detail = detail
        state = Mutex(StatusState(loops: loops, startedAt: realClock.now(), detail: detail))
    }

    /// `text` with this board's secrets masked, as everything the board keeps is.
    public func redact(_ text: String) -> String { redactor.redact(text) }

    /// A copy of everything, with the times it was taken.
    public func snapshot() -> StatusSnapshot {
        let copy = state.withLock { $0 }
        return StatusSnapshot(state: copy, botNow: botClock.now(), realNow: realClock.now(), grace: grace)
    }

    // MARK: - Feeds

    /// Every reported event (`Logger.reporting(to: board)`): counters, actions, slot fates;
    /// every text redacted here, as in the log line.
    public func record(_ event: BotEvent, loop: String?) {
        let now = botClock.now()
        let realNow = realClock.now()
        state.withLock { $0.apply(event, loop: loop ?? "", at: now, realNow: realNow, redact: redactor.redact) }
    }

    /// The supervisor's report: `loop` finished a round and waits `wait` before the next.
    public func roundSucceeded(_ loop: String, wait: Duration) {
        let now = realClock.now()
        state.withLock { $0.roundSucceeded(loop, wait: wait.seconds, at: now) }
    }

    /// The supervisor's report: `loop`'s first round is due `wait` from the start, not at once.
    public func roundPhased(_ loop: String, wait: Duration) {
        state.withLock { $0.updateLoop(loop) { $0.wait = wait.seconds } }
    }

    /// The supervisor's report: a round of `loop` failed with `error` (redacted here).
    public func roundFailed(_ loop: String, error: any Error) {
        let now = realClock.now()
        let text = redactor.redact(String(describing: error))
        state.withLock { $0.roundFailed(loop, error: text, at: now) }
    }

    /// The posting loop's plan of `day`, as stored at the start of its round.
    public func publishPlan(_ slots: [PlanSlot], for day: LocalDate, timeZone: TimeZone) {
        state.withLock { $0.plan = StatusState.Plan(day: day, slots: slots, timeZone: timeZone) }
    }

    /// True when the rhythm was not read yet for `day` (it is read once a day; never with `detail` `.counts`).
    public func needsRhythm(for day: LocalDate) -> Bool {
        detail == .full && state.withLock { $0.rhythm?.day != day }
    }

    public func publishRhythm(_ rhythm: RhythmStatus) {
        state.withLock { $0.rhythm = rhythm }
    }

    public func publishRhythm(human: [Int], botEarlierDays: [Int], days: Int, day: LocalDate) {
        publishRhythm(RhythmStatus(human: human, botEarlierDays: botEarlierDays, days: days, day: day))
    }

    /// The threshold the classifier was configured with, until the like loop reports the one in force.
    public func setThreshold(_ value: Double, source: String) {
        state.withLock { state in
            guard state.classifier.threshold == nil else { return }
            state.classifier.threshold = value
            state.classifier.thresholdSource = source
        }
    }

    /// A service answered its check; true when it had been down (it is back).
    @discardableResult
    public func serviceUp(_ service: String) -> Bool {
        state.withLock { state in
            let wasDown = state.services[service]?.error != nil
            state.services[service] = StatusState.Service(error: nil)
            return wasDown
        }
    }

    /// A service failed its check (the error redacted here); true when it had been up (or unknown).
    @discardableResult
    public func serviceDown(_ service: String, error: any Error) -> Bool {
        let text = redactor.redact(String(describing: error))
        return state.withLock { state in
            let wasUp = state.services[service]?.error == nil
            state.services[service] = StatusState.Service(error: text)
            return wasUp
        }
    }

    /// The day's spend on a paid API (`SpendLedger`), shown in its section and as gauges.
    public func spendChanged(_ day: SpendDay) {
        state.withLock { $0.setSpend(day) }
    }

    /// One call through the network seam (`CountingNetwork`) and how it ended.
    public func countRequest(account: String, endpoint: String, outcome: String, rateLimited: Bool) {
        state.withLock { state in
            state.metrics.add(StatusMetrics.requests, ["account": account, "endpoint": endpoint, "status": outcome])
            if rateLimited { state.metrics.add(StatusMetrics.rateLimitWaits, ["account": account, "endpoint": endpoint]) }
        }
    }

    /// One HTTP attempt the network client made inside a call (`endpoint` is the
    /// client's, e.g. `GET /2/users/:id/tweets`), by its status class; `status` 0: no answer.
    public func countAttempt(account: String, endpoint: String, status: Int) {
        state.withLock { state in
            state.metrics.add(
                StatusMetrics.attempts, ["account": account, "endpoint": endpoint, "status": StatusMetrics.statusClass(status)])
        }
    }

    /// The network client backs off before sending `endpoint` again.
    public func countRetry(account: String, endpoint: String) {
        state.withLock { state in
            state.metrics.add(StatusMetrics.retries, ["account": account, "endpoint": endpoint])
        }
    }

    /// The network client waits `duration` for `endpoint`'s spent rate-limit window to reset.
    public func countClientWait(account: String, endpoint: String, duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        state.withLock { state in
            state.metrics.add(StatusMetrics.clientWaits, ["account": account, "endpoint": endpoint])
            state.metrics.add(StatusMetrics.clientWaitSeconds, ["account": account, "endpoint": endpoint], max(0, seconds))
        }
    }
}
