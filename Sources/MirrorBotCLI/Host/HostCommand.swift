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
