import Clocks
import Dispatch
import Foundation
import LogLines
import MirrorBot
import MirrorBotPostgres
import MirrorBotSpend
import MirrorBotX
import Postgres

/// `mirror-bot host`: every active bot of the registry in one process, shared with the other
/// hosts through leases in PostgreSQL, until SIGTERM or SIGINT.
struct HostCommand: Command {
    static let name = "host"
    static let abstract = "Run the registered bots (mirror-bot bot), sharing them with other hosts through PostgreSQL."
    static let usage = "mirror-bot host [--time-scale N]"
    static let help = """
        USAGE: \(usage)

        Runs each bot this host holds a lease on, with the loops of `mirror-bot start`, until
        SIGTERM or SIGINT, then gives its leases back. Hosts on any number of machines share
        the bots of one DATABASE_URL: each round (a third of a lease) a host keeps its leases,
        takes free or expired ones up to its share (the active bots over the live hosts) and
        gives back the rest. A host that dies leaves its bots to the others within a lease
        and a round. Each bot runs with the host's DATABASE_URL and REDIS_URL, its own schema
        bot_NAME and Redis prefix mirror-bot:NAME:, and its own sealed variables.

        VARIABLES:
          HOST_SECRET_KEY     opens the bots' variables (the key `mirror-bot bot add` sealed them with)
          HOST_LEASE_SECONDS  how long a lease lasts unrenewed (default 30, at least 3)
          HOST_MAX_BOTS       the most bots this host runs (default 1000)
          HOST_NAME           this host's name in the registry (default HOSTNAME:PID)
          HOST_DATABASE_CONNECTIONS  the PostgreSQL connections all its bots share (default 8;
                              the registry holds one more)
          HOST_REDIS_CONNECTIONS     the Redis connections all its bots share (default 2)

        OPTIONS:
          --time-scale N    run every bot's clock N times faster than real time (the local demo)
        """

    var timeScale: Double?

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["time-scale"], usage: Self.usage)
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.positionals[0])'", usage: Self.usage)
        }
        if let text = parsed.option("time-scale") {
            guard let value = Double(text), value >= 1, value <= 10_000 else {
                throw UsageError("'--time-scale' expects a number from 1 to 10000, got '\(text)'", usage: Self.usage)
            }
            timeScale = value
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let env = Environment(values: context.environment)
        let leaseSeconds = try env.integer("HOST_LEASE_SECONDS", default: 30, minimum: 3, maximum: 3_600)
        let maxBots = try env.integer("HOST_MAX_BOTS", default: 1_000, minimum: 0)
        let shared = HostConnections(
            databaseURL: configuration.databaseURL,
            databaseConnections: try env.integer("HOST_DATABASE_CONNECTIONS", default: 8, minimum: 1, maximum: 1_000),
            redis: try Services.redisConfiguration(configuration),
            redisConnections: try env.integer("HOST_REDIS_CONNECTIONS", default: 2, minimum: 1, maximum: 100))
        let box = try BotCommand.box(context)
        let hostName = context.environment["HOST_NAME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
        let log = context.logger(configuration).with(["host": hostName])
        let migrations = try BotCommand.migrations(context)
        let host = BotHost(
            name: hostName, environment: context.environment, box: box, leaseSeconds: leaseSeconds, maxBots: maxBots,
            timeScale: timeScale, shared: shared, log: log)

        let main = Task {
            let connection = try await Self.retrying(log) { try await Services.connect(configuration) }
            try await Self.retrying(log) {
                try await PostgresBotRegistry.migrate(connection, migrations: migrations, schema: configuration.databaseSchema)
            }
            let registry = PostgresBotRegistry(connection: connection)
            log.info("host_started", [
                "lease_seconds": leaseSeconds, "max_bots": maxBots, "database_connections": shared.pool.size,
            ])
            let trimming = Task { await StartCommand.trimMemory(log: log) }
            defer { trimming.cancel() }
            await host.run(registry)
            // Stopping: every bot stopped first, then the leases given back for the others to take at once.
            let released = (try? await registry.release(host: hostName)) ?? 0
            log.info("host_released", ["bots": released])
        }
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                log.report(.stopping(signal: number == SIGTERM ? "SIGTERM" : "SIGINT"))
                main.cancel()
                DispatchQueue.global().asyncAfter(deadline: .now() + StartCommand.stopDeadline) {
                    log.report(.stoppedForcibly(afterSeconds: Int(StartCommand.stopDeadline)))
                    exit(1)
                }
            }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        do {
            try await main.value
        } catch is CancellationError {
            // Stopped while reaching PostgreSQL.
        }
        log.report(.stopped)
        return 0
    }

    /// `body` until it succeeds, waiting 1 s doubling to 60 s between tries; a cancellation ends it.
    static func retrying<T: Sendable>(_ log: Logger, _ body: () async throws -> T) async throws -> T {
        var retry = 1
        while true {
            do {
                return try await body()
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                let delay = Services.startupBackoff.delay(retry: retry)
                log.report(.waitingFor(what: "postgresql", error: String(describing: error), retryInSeconds: Int(delay.seconds)))
                try await Task.sleep(for: delay)
                retry += 1
            }
        }
    }
}

/// The bots one host runs: a round of the registry every third of a lease, each bot it holds
/// running as a task of its own, each it lost or gave back stopped.
actor BotHost {
    let name: String
    let environment: [String: String]
    let box: SecretBox
    let leaseSeconds: Int
    let maxBots: Int
    let timeScale: Double?
    let shared: HostConnections
    let log: Logger
    private var running: [String: Task<Void, Never>] = [:]
    /// Bots stopped when the leases could not be renewed, still finishing.
    private var stopping: [Task<Void, Never>] = []

    init(
        name: String, environment: [String: String], box: SecretBox, leaseSeconds: Int, maxBots: Int, timeScale: Double?,
        shared: HostConnections, log: Logger
    ) {
        self.name = name
        self.environment = environment
        self.box = box
        self.leaseSeconds = leaseSeconds
        self.maxBots = maxBots
        self.timeScale = timeScale
        self.shared = shared
        self.log = log
    }

    /// Rounds until cancelled; then every bot is stopped and waited for.
    func run(_ registry: PostgresBotRegistry) async {
        let interval = Duration.milliseconds(leaseSeconds * 1_000 / 3)
        var lastRound = ContinuousClock.now
        var failures = 0
        while !Task.isCancelled {
            do {
                let round = try await registry.round(host: name, leaseSeconds: leaseSeconds, maxBots: maxBots)
                lastRound = .now
                if failures > 0 { log.info("host_registry_back", ["failed_rounds": failures]) }
                failures = 0
                reconcile(round)
            } catch {
                failures += 1
                log.warning("host_round_failed", ["error": String(describing: error), "failed_rounds": failures])
                // Unrenewed, the leases run out and another host may take the bots: stop them first.
                if ContinuousClock.now - lastRound > .seconds(leaseSeconds) - interval, !running.isEmpty {
                    log.warning("host_fenced", ["bots": running.count, "reason": "leases not renewed for \(leaseSeconds - leaseSeconds / 3) s"])
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

    private func reconcile(_ round: HostRound) {
        let held = Set(round.held.map(\.name))
        for (botName, task) in running where !held.contains(botName) {
            task.cancel()
            running[botName] = nil
            log.info("bot_released", ["bot": botName])
        }
        for bot in round.held where running[bot.name] == nil {
            log.info("bot_taken", ["bot": bot.name, "network": bot.network, "epoch": bot.leaseEpoch])
            running[bot.name] = Task { [name, environment, box, timeScale, shared, log] in
                await Self.keepRunning(
                    bot, host: name, environment: environment, box: box, timeScale: timeScale, shared: shared, log: log)
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

    /// One bot until cancelled: started again after a failure (a wrong key, a bad variable, a
    /// service refusing), waiting 5 s doubling to 5 min, so one bot never stops the others.
    static func keepRunning(
        _ bot: RegisteredBot, host: String, environment: [String: String], box: SecretBox, timeScale: Double?,
        shared: HostConnections, log: Logger
    ) async {
        let backoff = Backoff(base: .seconds(5), cap: .seconds(300))
        var retry = 1
        while !Task.isCancelled {
            do {
                try await runOnce(bot, host: host, environment: environment, box: box, timeScale: timeScale, shared: shared)
                return
            } catch is CancellationError {
                return
            } catch {
                let delay = backoff.delay(retry: retry)
                log.error("bot_failed", ["bot": bot.name, "error": String(describing: error), "retry_in_s": Int(delay.seconds)])
                do { try await Task.sleep(for: delay) } catch { return }
                retry += 1
            }
        }
    }

    /// The bot's variables opened, its configuration read, its loops run as `start` runs them.
    static func runOnce(
        _ bot: RegisteredBot, host: String, environment: [String: String], box: SecretBox, timeScale: Double?,
        shared: HostConnections
    ) async throws {
        let variables = try BotVariables.opened(bot, with: box)
        let configuration = try Configuration(environment: variables.environment(host: environment, name: bot.name))
        let botLog = Logger(redactor: Redactor(secrets: configuration.secrets)).with(["bot": bot.name])
        let clock = StartCommand.clock(timeScale: timeScale, startMinute: nil, timeZone: configuration.timeZone, now: Date())
        var services = Services(configuration: configuration, log: botLog)
        services.shared = shared
        let spending = configuration.network == .x
            ? SpendLedger(budget: configuration.xDailyBudget, pricing: configuration.xPrices, store: nil, clock: clock, log: botLog, sink: nil)
            : nil
        services.xMeter = spending.map { XSpendMeter(prices: configuration.xPrices, ledger: $0) }
        let (human, network) = try services.networks()
        let owner = "\(host)/\(bot.name)"
        try await StartCommand.runDaemon(
            services: services, human: human, bot: network, clock: clock, owner: owner, status: nil, spending: spending,
            timeScale: timeScale.map { "\($0)x" } ?? "real time")
    }
}
