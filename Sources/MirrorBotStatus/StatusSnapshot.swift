import Foundation
import MirrorBot

/// A copy of the status state, taken under the board's lock, with the times it
/// was taken: what one request renders, without holding anything.
public struct StatusSnapshot: Sendable, Equatable {
    public var state: StatusState
    /// The bot's clock (plans, actions) and real time (loop health).
    public var botNow: Date
    public var realNow: Date
    public var grace: TimeInterval

    public var health: HealthReport { HealthReport(state, at: realNow, grace: grace) }

    /// The counters, with the gauges computed for this moment.
    public var metrics: MetricsRegistry {
        var registry = state.metrics
        let classifier = state.classifier
        if let share = classifier.humanLikeShare { registry.set(StatusMetrics.likeShare, ["account": "human"], to: share) }
        if let share = classifier.botLikeShare { registry.set(StatusMetrics.likeShare, ["account": "bot"], to: share) }
        if let threshold = classifier.threshold { registry.set(StatusMetrics.threshold, to: threshold) }
        if let next = state.nextSlot { registry.set(StatusMetrics.nextSlot, to: next.timeIntervalSince1970.rounded()) }
        if let plan = state.plan {
            for slotState in [PlanSlot.State.planned, .posting, .posted, .skipped] {
                registry.set(StatusMetrics.plannedSlots, ["state": slotState.rawValue], to: Double(plan.slots.filter { $0.state == slotState }.count))
            }
        }
        for loop in state.loops {
            if let last = loop.lastSuccess { registry.set(StatusMetrics.lastGoodRound, ["loop": loop.name], to: last.timeIntervalSince1970.rounded()) }
            let healthy = state.phase == .running && loop.problem(at: realNow, grace: grace) == nil
            registry.set(StatusMetrics.loopHealthy, ["loop": loop.name], to: healthy ? 1 : 0)
        }
        for (name, service) in state.services { registry.set(StatusMetrics.serviceUp, ["service": name], to: service.error == nil ? 1 : 0) }
        if let takeBacks = state.takeBacks {
            registry.set(StatusMetrics.withdrawnSources, to: Double(takeBacks.withdrawnSources))
            registry.set(StatusMetrics.deletedCopies, to: Double(takeBacks.deletedCopies))
            registry.set(StatusMetrics.optedOut, to: Double(takeBacks.optedOut))
        }
        registry.set(StatusMetrics.healthy, to: health.isHealthy ? 1 : 0)
        registry.set(StatusMetrics.started, to: state.startedAt.timeIntervalSince1970.rounded())
        return registry
    }
}
