import Foundation
import MirrorBot
import MirrorBotSpend

/// Everything the status page, /healthz and /metrics show, as one value: the
/// status board keeps it under a lock, the loops' events change it, and every
/// request reads a copy (`StatusSnapshot`).
public struct StatusState: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// Before the loops run: connecting to the services and the network.
        case starting
        case running
        case stopping
    }

    /// Who the bot is, from the daemon's `started` line.
    public struct Identity: Sendable, Equatable {
        public var network: String
        public var bot: String
        public var human: String
        public var timeZone: String
        public var dryRun: Bool
        public var timeScale: String
    }

    /// Today's plan as the posting loop last read it, with the fates since.
    public struct Plan: Sendable, Equatable {
        public var day: LocalDate
        public var slots: [PlanSlot]
        public var timeZone: TimeZone
    }

    /// The last check of a service the daemon depends on (`ServiceCheckLoop`).
    public struct Service: Sendable, Equatable {
        /// Why it is down (redacted), or nil while it answers.
        public var error: String?
    }

    public static let keptActions = 50

    /// What this state keeps (`StatusDetail`): a host's bots keep their counts only.
    public let detail: StatusDetail
    public var phase: Phase = .starting
    /// While starting: what the daemon waits for and the last error (redacted).
    public var waitingFor: String?
    public var waitingError: String?
    public var identity: Identity?
    /// Counters (the gauges are computed when a snapshot is taken), from the shared template:
    /// a family no event touches stays shared between boards.
    public var metrics = StatusMetrics.template
    /// Newest first, at most `keptActions`; none with `detail` `.counts`.
    public var actions: [StatusAction] = []
    public var lastReply: StatusAction?
    /// When the bot last posted (a planned post, the bot's clock).
    public var lastPostAt: Date?
    public var plan: Plan?
    public var rhythm: RhythmStatus?
    public var classifier = ClassifierStatus()
    /// The take-backs' totals, once the daemon reported them.
    public var takeBacks: TakeBackCounts?
    /// The day's spend on a paid API (X), as its adapter counts it; nil on a free network.
    public var spend: SpendDay?
    public var loops: [LoopStatus]
    /// By name (`postgresql`, `redis`), once checked.
    public var services: [String: Service] = [:]
    /// Real time.
    public var startedAt: Date

    public init(loops: [String], startedAt: Date, detail: StatusDetail = .full) {
        self.detail = detail
        self.loops = loops.map { LoopStatus(name: $0, since: startedAt) }
        self.startedAt = startedAt
    }

    mutating func append(_ action: StatusAction) {
        guard detail == .full else { return }
        actions.insert(action, at: 0)
        if actions.count > Self.keptActions { actions.removeLast() }
    }

    mutating func updateLoop(_ name: String, _ change: (inout LoopStatus) -> Void) {
        guard let position = loops.firstIndex(where: { $0.name == name }) else { return }
        change(&loops[position])
    }

    /// The supervisor's report of a good round (`at` real time).
    mutating func roundSucceeded(_ loop: String, wait: TimeInterval, at now: Date) {
        if phase == .starting { phase = .running }
        updateLoop(loop) {
            $0.lastSuccess = now
            $0.wait = wait
            $0.failing = false
            $0.consecutiveFailures = 0
        }
    }

    /// The supervisor's report of a failed round; `error` is already redacted.
    mutating func roundFailed(_ loop: String, error: String, at now: Date) {
        if phase == .starting { phase = .running }
        metrics.add(StatusMetrics.failedRounds, ["loop": loop])
        updateLoop(loop) {
            $0.failing = true
            $0.lastError = error
            $0.lastErrorAt = now
            $0.consecutiveFailures += 1
        }
    }

    /// Sets the slot at `time` (HH:MM) of today's plan, if it is in the published plan.
    mutating func updateSlot(_ time: String?, _ change: (inout PlanSlot) -> Void) {
        guard let time, let minute = MinuteOfDay.parse(time), var plan,
            let position = plan.slots.firstIndex(where: { $0.minute == minute })
        else { return }
        change(&plan.slots[position])
        self.plan = plan
    }

    /// The bot's posts today, as minutes of the day (when they went out).
    public var botMinutesToday: [Int] {
        guard let plan else { return [] }
        return plan.slots.filter { $0.state == .posted }.map { slot in
            slot.postedAt.map { MinuteOfDay.of($0, in: plan.timeZone) } ?? slot.minute
        }
    }

    /// The next planned slot's time on the bot's clock, if one is left today.
    public var nextSlot: Date? {
        guard let plan, let next = plan.slots.first(where: { $0.state == .planned }) else { return nil }
        return plan.day.instant(atMinute: next.minute, in: plan.timeZone)
    }
}

extension StatusState {
    /// The day's spend as /metrics shows it: gauges replaced whole (a new UTC day starts from its own rows).
    mutating func setSpend(_ day: SpendDay) {
        spend = day
        for name in [StatusMetrics.spendRequests, StatusMetrics.spendResources, StatusMetrics.spendDollars] {
            let stale = metrics.families.first(where: { $0.name == name }).map { Array($0.samples.keys) } ?? []
            for labels in stale { metrics.remove(name, labels) }
        }
        for line in day.lines {
            metrics.set(StatusMetrics.spendRequests, ["endpoint": line.endpoint], to: Double(line.requests))
            metrics.set(StatusMetrics.spendResources, ["endpoint": line.endpoint], to: Double(line.resources))
            metrics.set(StatusMetrics.spendDollars, ["endpoint": line.endpoint], to: line.dollars)
        }
        metrics.set(StatusMetrics.spendEstimate, ["period": "day"], to: day.estimatedPerDay)
        metrics.set(StatusMetrics.spendEstimate, ["period": "month"], to: day.estimatedPerMonth)
        if let budget = day.budget { metrics.set(StatusMetrics.budget, to: budget) }
        for stop in [BudgetStop.reads, .posting] {
            metrics.set(StatusMetrics.budgetStopped, ["what": stop.rawValue], to: day.stopped.contains(stop) ? 1 : 0)
        }
    }
}
