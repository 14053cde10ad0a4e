import Foundation
import MirrorBot

/// A host's /metrics: its own gauges (`mirror_bot_host_…`), each bot's counters under the
/// single bot's names with a `bot` label, and the network calls of all its bots together.
///
/// Cardinality: a bot adds `perBotSeries` series (the counters below with their fixed labels,
/// its health and its next slot), so 1,000 bots (`HOST_MAX_BOTS`' default) make about 24,000.
/// The network families (by account, endpoint and status: dozens of series a bot) are counted
/// for the host as a whole instead (`HostBoard.network`), so their size does not grow with the bots.
public enum HostMetrics {
    public static let healthy = "mirror_bot_host_healthy"
    public static let bots = "mirror_bot_host_bots"
    public static let leases = "mirror_bot_host_leases"
    public static let share = "mirror_bot_host_share"
    public static let liveHosts = "mirror_bot_host_live_hosts"
    public static let activeBots = "mirror_bot_host_active_bots"
    public static let fenced = "mirror_bot_host_fenced"
    public static let lastRound = "mirror_bot_host_last_round_timestamp_seconds"
    public static let failedRounds = "mirror_bot_host_failed_rounds_total"
    public static let httpRequests = "mirror_bot_host_http_requests"

    /// The single bot's families a host shows for each bot, with a `bot` label (counters, then gauges).
    public static let perBot = [
        StatusMetrics.posts, StatusMetrics.wouldPosts, StatusMetrics.replies, StatusMetrics.wouldReplies, StatusMetrics.silences,
        StatusMetrics.skippedReplies, StatusMetrics.likes, StatusMetrics.wouldLikes, StatusMetrics.passes, StatusMetrics.skippedLikes,
        StatusMetrics.skippedSlots, StatusMetrics.learned, StatusMetrics.failedRounds, StatusMetrics.healthy, StatusMetrics.nextSlot,
    ]
    /// Series a running bot adds: 10 plain counters, 5 slot-skip reasons, 2 categories, 4 loops, health, next slot.
    public static let perBotSeries = 23
    /// The single bot's families a host counts for all its bots together, without a `bot` label.
    public static let summed = [
        StatusMetrics.requests, StatusMetrics.rateLimitWaits, StatusMetrics.attempts, StatusMetrics.retries, StatusMetrics.clientWaits,
        StatusMetrics.clientWaitSeconds,
    ]

    public static func registry(_ snapshot: HostSnapshot) -> MetricsRegistry {
        var registry = MetricsRegistry()
        let state = snapshot.state
        registry.declare(healthy, .gauge, help: "1 while the host's /healthz answers 200 (its registry rounds succeed), else 0.")
        registry.set(healthy, to: snapshot.health.isHealthy ? 1 : 0)
        registry.declare(
            bots, .gauge, help: "The bots this host runs, by state (running, unhealthy, starting, failing, stopped).",
            initial: BotCondition.labels.map { ["state": $0] })
        for line in snapshot.bots { registry.add(bots, ["state": line.condition.label]) }
        registry.declare(leases, .gauge, help: "Leases this host holds after its last good registry round.")
        registry.set(leases, to: Double(state.leases))
        registry.declare(share, .gauge, help: "The bots this host aims to run: the active bots over the live hosts, rounded up, at most HOST_MAX_BOTS.")
        registry.set(share, to: Double(state.share))
        registry.declare(liveHosts, .gauge, help: "Hosts seen by the registry within a lease, this one included.")
        registry.set(liveHosts, to: Double(state.liveHosts))
        registry.declare(activeBots, .gauge, help: "Active bots in the registry, whichever host runs them.")
        registry.set(activeBots, to: Double(state.activeBots))
        registry.declare(fenced, .gauge, help: "1 while the host has stopped its bots because it could not renew their leases, else 0.")
        registry.set(fenced, to: state.fencedAt == nil ? 0 : 1)
        registry.declare(lastRound, .gauge, help: "When the host's last registry round succeeded (Unix seconds).")
        if let last = state.lastRound { registry.set(lastRound, to: last.timeIntervalSince1970.rounded()) }
        registry.declare(failedRounds, .counter, help: "Registry rounds that failed (PostgreSQL unreachable or refusing).", initial: [[:]])
        registry.add(failedRounds, [:], Double(state.failedRoundsTotal))
        registry.declare(
            httpRequests, .gauge,
            help: "HTTP requests of all the host's bots now, by server: sent (in libcurl's hands, at most 64 a server) and waiting (in line for their turn).")
        for (server, counts) in snapshot.http {
            registry.set(httpRequests, ["server": server, "state": "sent"], to: Double(counts.sent))
            registry.set(httpRequests, ["server": server, "state": "waiting"], to: Double(counts.waiting))
        }
        registry.declare(StatusMetrics.started, .gauge, help: "When the host started (Unix seconds).")
        registry.set(StatusMetrics.started, to: state.startedAt.timeIntervalSince1970.rounded())

        let template = StatusMetrics.template
        for family in template.families where perBot.contains(family.name) {
            registry.declare(family.name, family.kind, help: family.help + " By bot.")
        }
        for family in template.families where summed.contains(family.name) {
            registry.declare(family.name, family.kind, help: family.help + " All the host's bots together.")
            for (labels, value) in snapshot.network.families.first(where: { $0.name == family.name })?.samples ?? [:] {
                registry.add(family.name, labels, value)
            }
        }
        for line in snapshot.bots {
            let bot = ["bot": line.name]
            registry.set(StatusMetrics.healthy, bot, to: line.condition == .running ? 1 : 0)
            guard let status = line.status else { continue }
            for family in status.state.metrics.families where perBot.contains(family.name) {
                for (labels, value) in family.samples { registry.set(family.name, labels.merging(bot) { $1 }, to: value) }
            }
            if let next = status.state.nextSlot { registry.set(StatusMetrics.nextSlot, bot, to: next.timeIntervalSince1970.rounded()) }
        }
        return registry
    }
}
