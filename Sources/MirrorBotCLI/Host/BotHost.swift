import APIClientCore
import Clocks
import Dispatch
import Foundation
import LogLines
import MirrorBot
import MirrorBotPostgres
import MirrorBotSpend
import MirrorBotStatus
import MirrorBotX
import Postgres

/// Its bots' clocks: real time, or `--time-scale` times faster from `--start-at` (each bot's own
/// TIME_ZONE), as `start` runs one bot's.
struct HostClocks: Sendable {
    var timeScale: Double?
    var startMinute: Int?
}

/// The bots one host runs: a round of the registry every third of a lease, each bot it holds
/// running as a task of its own, each it lost or gave back stopped.
actor BotHost {
    let name: String
    let environment: [String: String]
    let box: SecretBox
    let leaseSeconds: Int
    let maxBots: Int
    let clocks: HostClocks
    let shared: HostConnections
    /// Touched after every round that reached the registry, so a health check tells a live host from a stuck one.
    let heartbeat: Heartbeat?
    let log: Logger
    /// The status page's view of the host and its bots (`STATUS_PORT`); nil without one.
    let board: HostBoard?
    /// The host's own secrets (its database and Redis passwords), masked in every bot's errors too.
    let hostSecrets: [String]
    private var running: [String: Task<Void, Never>] = [:]
    /// Bots stopped when the leases could not be renewed, still finishing.
    private var stopping: [Task<Void, Never>] = []
    /// The new bots starting at once (`HOST_STARTING_BOTS`): each of the others waits its turn.
    let starting: StartingLimit

    init(
        name: String, environment: [String: String], box: SecretBox, leaseSeconds: Int, maxBots: Int, clocks: HostClocks,
        shared: HostConnections, heartbeat: Heartbeat? = nil, log: Logger, board: HostBoard? = nil, hostSecrets: [String] = [],
        startingBots: Int = 16
    ) {
        self.starting = StartingLimit(places: startingBots)
        self.name = name
        self.environment = environment
        self.box = box
        self.leaseSeconds = leaseSeconds
        self.maxBots = maxBots
        self.clocks = clocks
        self.shared = shared
        self.heartbeat = heartbeat
        self.log = log
        self.board = board
        self.hostSecrets = hostSecrets
    }

    /// Rounds until cancelled; then every bot is stopped and waited for.
    func run(_ registry: PostgresBotRegistry) async {
        let interval = Duration.milliseconds(leaseSeconds * 1_000 / 3)
        var lastRound = ContinuousClock.now
        var lastStartingLine = ContinuousClock.now
        var failures = 0
        while !Task.isCancelled {
            // While new bots start: once a minute, how many start and how many wait their turn.
            let counts = starting.counts
            if counts.starting + counts.waiting > 0, ContinuousClock.now - lastStartingLine >= .seconds(60) {
                lastStartingLine = .now
                log.info("host_starting", ["starting": counts.starting, "waiting": counts.waiting])
            }
            do {
                let round = try await registry.round(host: name, leaseSeconds: leaseSeconds, maxBots: maxBots)
                lastRound = .now
                if failures > 0 { log.info("host_registry_back", ["failed_rounds": failures]) }
                failures = 0
                heartbeat?.beat()
                board?.roundSucceeded(
                    held: Set(round.held.map(\.name)), share: round.share, liveHosts: round.liveHosts, activeBots: round.activeBots)
                reconcile(round, registry: registry)
            } catch {
                failures += 1
                board?.roundFailed(error: error)
                log.warning("host_round_failed", ["error": String(describing: error), "failed_rounds": failures])
                // Unrenewed, the leases run out and another host may take the bots: stop them first.
                if ContinuousClock.now - lastRound > .seconds(leaseSeconds) - interval, !running.isEmpty {
                    let reason = "leases not renewed for \(leaseSeconds - leaseSeconds / 3) s"
                    log.warning("host_fenced", ["bots": running.count, "reason": reason])
                    board?.fenced(reason: "fenced: " + reason)
                    // Forgotten as well as stopped: the next round that holds them starts them again.
                    stopping += running.values
                    stopAll()
                    running = [:]
                }
            }
            do { try await Task.sleep(for: interval) } catch { break }
        }
        stopAll()
        for task in Array(running.values) + stopping { await task.value }
        running = [:]
    }

    private func reconcile(_ round: HostRound, registry: PostgresBotRegistry) {
        let held = Set(round.held.map(\.name))
        for (botName, task) in running where !held.contains(botName) {
            task.cancel()
            running[botName] = nil
            board?.released(botName)
            log.info("bot_released", ["bot": botName])
        }
        for bot in round.held where running[bot.name] == nil {
            log.info("bot_taken", ["bot": bot.name, "network": bot.network, "epoch": bot.leaseEpoch])
            board?.taken(bot.name, network: bot.network)
            let taken = ContinuousClock.now
            // New bots start a few at a time, each keeping its place until its first learning round
            // is done; a bot that has learned (on any host) at once (`start`).
            running[bot.name] = Task { [name, environment, box, clocks, shared, log, board, hostSecrets, starting] in
                await Self.start(learnedBefore: bot.learnedAt != nil, starting: starting) {
                    do { try await registry.markLearned(bot.name) } catch {
                        log.warning("bot_learned_not_recorded", ["bot": bot.name, "error": String(describing: error)])
                    }
                } run: { start in
                    log.info("bot_starting", ["bot": bot.name, "waited_s": Int((ContinuousClock.now - taken).components.seconds)])
                    // Each step of the start watched beside it: one that stalls is named in the log.
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { await start.progress.watch(bot: bot.name, log: log) }
                        await Self.keepRunning(
                            bot, host: name, environment: environment, box: box, clocks: clocks, shared: shared, log: log, board: board,
                            hostSecrets: hostSecrets, start: start)
                        group.cancelAll()
                    }
                }
            }
        }
        if !round.held.isEmpty || !running.isEmpty {
            log.debug("host_round", [
                "bots": running.count, "share": round.share, "live_hosts": round.liveHosts, "active_bots": round.activeBots,
            ])
        }
    }

    private func stopAll() {
        for task in running.values { task.cancel() }
    }
}
