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

extension BotHost {
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
                start?.progress.enter("waiting to start again", watched: false)
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
        start?.progress.enter("reading its variables")
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
            start?.progress.enter("joining its app's spend")
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
            timeScale: clocks.timeScale.map { "\($0)x" } ?? "real time", start: start)
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
