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

/// `mirror-bot host`: every active bot of the registry in one process, shared with the other
/// hosts through leases in PostgreSQL, until SIGTERM or SIGINT.
struct HostCommand: Command {
    static let name = "host"
    static let abstract = "Run the registered bots (mirror-bot bot), sharing them with other hosts through PostgreSQL."
    static let usage = "mirror-bot host [--time-scale N [--start-at HH:MM]]"
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
          HOST_STARTING_BOTS  how many new bots start at once (default 16): a bot that has never
                              learned its human waits its turn, and keeps it until it has; one
                              that has learned (on any host) starts at once
          STATUS_PORT (PORT)  serve /healthz, /metrics and a page of every bot this host runs
                              on STATUS_BIND (default 127.0.0.1)
          HEARTBEAT_FILE      touched after every round that renewed the leases (the image's
                              health check reads it when STATUS_PORT is unset)

        OPTIONS:
          --time-scale N    run every bot's clock N times faster than real time (the local demo)
          --start-at HH:MM  with --time-scale: start each bot's clock at the latest HH:MM (its TIME_ZONE)
        """

    var clocks = HostClocks()

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["time-scale", "start-at"], usage: Self.usage)
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.positionals[0])'", usage: Self.usage)
        }
        if let text = parsed.option("time-scale") {
            guard let value = Double(text), value >= 1, value <= 10_000 else {
                throw UsageError("'--time-scale' expects a number from 1 to 10000, got '\(text)'", usage: Self.usage)
            }
            clocks.timeScale = value
        }
        if let text = parsed.option("start-at") {
            guard clocks.timeScale != nil else { throw UsageError("'--start-at' needs '--time-scale'", usage: Self.usage) }
            guard let minute = MinuteOfDay.parse(text) else {
                throw UsageError("'--start-at' expects a time of day HH:MM, got '\(text)'", usage: Self.usage)
            }
            clocks.startMinute = minute
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
            redisConnections: try env.integer("HOST_REDIS_CONNECTIONS", default: 2, minimum: 1, maximum: 100),
            registrySchema: configuration.databaseSchema ?? "public")
        let box = try BotCommand.box(context)
        let hostName = context.environment["HOST_NAME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
        let log = context.logger(configuration).with(["host": hostName])
        let migrations = try BotCommand.migrations(context)
        // The page of every bot exists only with a status port: without one, nothing changes.
        let board = configuration.statusPort.map { _ in
            HostBoard(
                name: hostName, leaseSeconds: leaseSeconds, maxBots: maxBots, redactor: Redactor(secrets: configuration.secrets),
                httpRequests: { CurlTransport.requestsByServer() })
        }
        let server = try board.map { try StatusEndpoint.start(host: $0, configuration: configuration, log: log) }
        defer { server?.stop() }
        let host = BotHost(
            name: hostName, environment: context.environment, box: box, leaseSeconds: leaseSeconds, maxBots: maxBots,
            clocks: clocks, shared: shared, heartbeat: configuration.heartbeatFile.map { Heartbeat(path: $0) }, log: log, board: board,
            hostSecrets: configuration.secrets,
            startingBots: try env.integer("HOST_STARTING_BOTS", default: 16, minimum: 1, maximum: 10_000))

        let main = Task {
            let connection = try await Self.retrying(log, board) { try await Services.connect(configuration) }
            _ = try await Self.retrying(log, board) {
                try await PostgresBotRegistry.migrate(connection, migrations: migrations, schema: configuration.databaseSchema)
            }
            let registry = PostgresBotRegistry(connection: connection)
            // Where the registry is, for the bots of one X app counting their spend in it.
            let schema = try await Self.retrying(log, board) { try await registry.schema() }
            shared.registryFound(in: schema)
            log.info("host_started", [
                "lease_seconds": leaseSeconds, "max_bots": maxBots, "database_connections": shared.pool.size,
            ])
            let trimming = Task { await StartCommand.trimMemory(log: log) }
            defer { trimming.cancel() }
            let lines = Task { await Self.reportWaiting(log: log) }
            defer { lines.cancel() }
            await host.run(registry)
            // Stopping: every bot stopped first, then the leases given back for the others to take at once.
            let released = (try? await registry.release(host: hostName)) ?? 0
            log.info("host_released", ["bots": released])
        }
        try await Stopping.untilSignalled(main, log: log)
        log.report(.stopped)
        return 0
    }

    /// Once a minute, a line for each server whose requests wait in line for their turn (more than
    /// its 64 at once are asked of it): a slow or overloaded server, seen before requests time out.
    static func reportWaiting(
        log: Logger, every interval: Duration = .seconds(60),
        requests: @Sendable () -> [String: (sent: Int, waiting: Int)] = { CurlTransport.requestsByServer() }
    ) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            for (server, counts) in requests().sorted(by: { $0.key < $1.key }) where counts.waiting > 0 {
                log.warning("http_waiting", ["server": server, "sent": counts.sent, "waiting": counts.waiting])
            }
        }
    }

    /// `body` until it succeeds, waiting 1 s doubling to 60 s between tries (each failure shown on
    /// `board`); a cancellation ends it.
    static func retrying<T: Sendable>(_ log: Logger, _ board: HostBoard?, _ body: () async throws -> T) async throws -> T {
        var retry = 1
        while true {
            do {
                return try await body()
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                let delay = Services.startupBackoff.delay(retry: retry)
                board?.waiting(error: error)
                log.report(.waitingFor(what: "postgresql", error: String(describing: error), retryInSeconds: Int(delay.seconds)))
                try await Task.sleep(for: delay)
                retry += 1
            }
        }
    }
}

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
        var failures = 0
        while !Task.isCancelled {
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
            // New bots start a few at a time, each keeping its place until its first learning round
            // is done; a bot that has learned (on any host) at once (`start`).
            running[bot.name] = Task { [name, environment, box, clocks, shared, log, board, hostSecrets, starting] in
                await Self.start(learnedBefore: bot.learnedAt != nil, starting: starting) {
                    do { try await registry.markLearned(bot.name) } catch {
                        log.warning("bot_learned_not_recorded", ["bot": bot.name, "error": String(describing: error)])
                    }
                } run: { start in
                    await Self.keepRunning(
                        bot, host: name, environment: environment, box: box, clocks: clocks, shared: shared, log: log, board: board,
                        hostSecrets: hostSecrets, start: start)
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

    /// One bot until cancelled: started again after a failure (a wrong key, a bad variable, a
    /// service refusing), waiting 5 s doubling to 5 min, so one bot never stops the others.
    /// `start`'s milestones are reached as its first learning rounds go (nil: none watched).
    static func keepRunning(
        _ bot: RegisteredBot, host: String, environment: [String: String], box: SecretBox, clocks: HostClocks,
        shared: HostConnections, log: Logger, board: HostBoard? = nil, hostSecrets: [String] = [], start: BotStart? = nil
    ) async {
        let backoff = Backoff(base: .seconds(5), cap: .seconds(300))
        var retry = 1
        while !Task.isCancelled {
            do {
                try await runOnce(
                    bot, host: host, environment: environment, box: box, clocks: clocks, shared: shared, board: board, start: start)
                return
            } catch is CancellationError {
                return
            } catch {
                // A failed start ends the bot's turn to start: its next try does not wait for one.
                start?.turn?.reach()
                let delay = backoff.delay(retry: retry)
                // The bot's own secrets masked, as its own log lines are.
                let text = redactor(for: bot, environment: environment, box: box, hostSecrets: hostSecrets).redact(String(describing: error))
                board?.failed(bot.name, error: text, failures: retry, retryIn: delay)
                log.error("bot_failed", ["bot": bot.name, "error": text, "retry_in_s": Int(delay.seconds)])
                do { try await Task.sleep(for: delay) } catch { return }
                retry += 1
            }
        }
    }

    /// The bot's variables opened, its configuration read, its loops run as `start` runs them.
    static func runOnce(
        _ bot: RegisteredBot, host: String, environment: [String: String], box: SecretBox, clocks: HostClocks,
        shared: HostConnections, board: HostBoard? = nil, start: BotStart? = nil
    ) async throws {
        let variables = try BotVariables.opened(bot, with: box)
        let configuration = try Configuration(environment: variables.environment(host: environment, name: bot.name))
        let clock = StartCommand.clock(timeScale: clocks.timeScale, startMinute: clocks.startMinute, timeZone: configuration.timeZone, now: Date())
        // With the host's status page: the bot's counts (not its actions or rhythm) on a board of its own.
        let status = board.map { _ in StatusBoard(botClock: clock, redactor: Redactor(secrets: configuration.secrets), detail: .counts) }
        if let status {
            if case .fixed(let value) = configuration.favoriteRateThreshold { status.setThreshold(value, source: "FAVORITE_RATE_THRESHOLD") }
            board?.attach(status, to: bot.name)
        }
        let plainLog = Logger(redactor: Redactor(secrets: configuration.secrets)).with(["bot": bot.name])
        let botLog = status.map { plainLog.reporting(to: $0) } ?? plainLog
        var services = Services(configuration: configuration, log: botLog)
        services.shared = shared
        // Network calls counted once for the host, not on each bot's board.
        if let network = board?.network { services.clientObserver = { account, event in network.count(event, account: account) } }
        let spending = configuration.network == .x
            ? SpendLedger(budget: configuration.xDailyBudget, pricing: configuration.xPrices, store: nil, clock: clock, log: botLog, sink: nil)
            : nil
        services.xMeter = spending.map { XSpendMeter(prices: configuration.xPrices, ledger: $0) }
        if let spending {
            try await LoopSupervisor.inTaskOfItsOwn { try await shareAppSpend(spending, bot: bot.name, configuration: configuration, shared: shared) }
        }
        var (human, network) = try services.networks()
        if let counted = board?.network {
            human = CountingNetwork(human, account: "human", board: counted)
            network = CountingNetwork(network, account: "bot", board: counted)
        }
        let owner = "\(host)/\(bot.name)"
        try await StartCommand.runDaemon(
            services: services, human: human, bot: network, clock: clock, owner: owner, status: status, spending: spending,
            timeScale: clocks.timeScale.map { "\($0)x" } ?? "real time", learned: start?.firstRound,
            historyRead: start?.historyRead)
    }

    /// An X bot's spend counted with its app's other bots (`x_app_spend` in the registry): the bot
    /// recorded in `bots` as of its app (the SHA-256 of `BOT_CONSUMER_KEY`) with its budget, then
    /// its ledger sharing the app's spend and budget (the smallest of the app's bots').
    static func shareAppSpend(_ spending: SpendLedger, bot: String, configuration: Configuration, shared: HostConnections) async throws {
        let consumerKey = try configuration.requireBotCredentials().consumerKey
        let store = PostgresAppSpendStore(
            connection: shared.registry, app: HostConnections.xApp(consumerKey: consumerKey), budget: configuration.xDailyBudget)
        try await store.join(bot: bot)
        try await spending.share(store)
    }

    /// What masks a bot's errors: its configuration's secrets, or, when its variables do not make
    /// a configuration, every value of them; the host's own secrets either way.
    static func redactor(for bot: RegisteredBot, environment: [String: String], box: SecretBox, hostSecrets: [String]) -> Redactor {
        guard let variables = try? BotVariables.opened(bot, with: box) else { return Redactor(secrets: hostSecrets) }
        guard let configuration = try? Configuration(environment: variables.environment(host: environment, name: bot.name)) else {
            return Redactor(secrets: hostSecrets + variables.values.values)
        }
        return Redactor(secrets: hostSecrets + configuration.secrets)
    }
}
