import Clocks
import Dispatch
import Foundation
import LogLines
import MirrorBot
import MirrorBotPostgres
import MirrorBotSpend
import MirrorBotStatus
import MirrorBotX
import PublishingContext

/// `mirror-bot start`: the daemon, until SIGTERM or SIGINT.
struct StartCommand: Command {
    static let name = "start"
    static let abstract = "Run the bot: post, reply, like and keep learning, until SIGTERM or SIGINT."
    static let usage = "mirror-bot start [--time-scale N [--start-at HH:MM]]"
    static let help = """
        USAGE: \(usage)

        Runs four loops until SIGTERM or SIGINT: posting (today's plan), replies
        (mentions), likes (the bot's home timeline) and learning (the human's posts,
        likes and home timeline). Set DRY_RUN=true to decide and log without writing.
        PostgreSQL, Redis or the network being unreachable is logged and retried.
        With STATUS_PORT (or PORT) set, serves /healthz, /metrics and a status page
        on STATUS_BIND (default 127.0.0.1).

        OPTIONS:
          --time-scale N    run the bot's clock N times faster than real time (the local demo)
          --start-at HH:MM  with --time-scale: start the bot's clock at the latest HH:MM (TIME_ZONE)
                            that has passed, e.g. the human's first active hour
        """

    var timeScale: Double?
    /// With `timeScale`: the minute of the day (TIME_ZONE) the bot's clock starts at.
    var startMinute: Int?

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["time-scale", "start-at"], usage: Self.usage)
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.positionals[0])'", usage: Self.usage)
        }
        if let text = parsed.option("time-scale") {
            guard let value = Double(text), value >= 1, value <= 10_000 else {
                throw UsageError("'--time-scale' expects a number from 1 to 10000, got '\(text)'", usage: Self.usage)
            }
            timeScale = value
        }
        if let text = parsed.option("start-at") {
            guard timeScale != nil else { throw UsageError("'--start-at' needs '--time-scale'", usage: Self.usage) }
            guard let minute = MinuteOfDay.parse(text) else {
                throw UsageError("'--start-at' expects a time of day HH:MM, got '\(text)'", usage: Self.usage)
            }
            startMinute = minute
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let clock = Self.clock(timeScale: timeScale, startMinute: startMinute, timeZone: configuration.timeZone, now: Date())
        // The status page's board exists only with a status port: without one, nothing changes.
        let status = configuration.statusPort.map { _ in StatusBoard(botClock: clock, redactor: Redactor(secrets: configuration.secrets)) }
        // A fixed number is known now; `auto`'s threshold comes with the like loop's first decisions.
        if case .fixed(let value) = configuration.favoriteRateThreshold {
            status?.setThreshold(value, source: "FAVORITE_RATE_THRESHOLD")
        }
        let log = status.map { context.logger(configuration).reporting(to: $0) } ?? context.logger(configuration)
        let server = try status.map { try StatusEndpoint.start(board: $0, configuration: configuration, log: log) }
        defer { server?.stop() }
        var services = Services(configuration: configuration, log: log)
        if let status { services.clientObserver = { account, event in status.count(event, account: account) } }
        // On X, what the API costs: counted by the adapter, kept by UTC day, held to X_DAILY_BUDGET_USD.
        let spending = configuration.network == .x
            ? SpendLedger(budget: configuration.xDailyBudget, pricing: configuration.xPrices, store: nil, clock: clock, log: log, sink: status)
            : nil
        services.xMeter = spending.map { XSpendMeter(prices: configuration.xPrices, ledger: $0) }
        var (human, bot) = try services.networks()
        if let status {
            human = CountingNetwork(human, account: "human", board: status)
            bot = CountingNetwork(bot, account: "bot", board: status)
        }
        let owner = "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"

        let label = timeScale.map { "\($0)x" } ?? "real time"
        let daemon = Task { [services, human, bot] in
            let trimming = Task { await Self.trimMemory(log: log) }
            defer { trimming.cancel() }
            try await Self.runDaemon(
                services: services, human: human, bot: bot, clock: clock, owner: owner, status: status, spending: spending,
                timeScale: label)
        }
        try await Stopping.untilSignalled(daemon, log: log)
        log.report(.stopped)
        return 0
    }

    /// The real clock, or the demo's accelerated one, started at `startMinute`'s latest past occurrence.
    static func clock(timeScale: Double?, startMinute: Int?, timeZone: TimeZone, now: Date) -> any BotClock {
        guard let timeScale else { return SystemClock() }
        guard let startMinute else { return AcceleratedClock(factor: timeScale, start: now, origin: now) }
        let today = LocalDate(now, in: timeZone)
        var start = today.instant(atMinute: startMinute, in: timeZone)
        if start > now { start = today.adding(days: -1).instant(atMinute: startMinute, in: timeZone) }
        return AcceleratedClock(factor: timeScale, start: start, origin: now)
    }

    /// One bot's loops until cancelled: `start`'s, and each bot's of `host`. They are made in a task of
    /// their own (`inTaskOfItsOwn`): the calls that make them (migrations, both accounts looked up) run
    /// deeper than the loops ever do, and the bot's task would hold their frames' memory to its end.
    /// `start`, a host's bot's, has its milestones reached as the first learning rounds go (a host
    /// starts new bots a few at a time by them) and each step of the start entered.
    static func runDaemon(
        services: Services, human: any TakeBackNetwork, bot: any TakeBackNetwork, clock: any BotClock, owner: String,
        status: StatusBoard?, spending: SpendLedger?, timeScale: String, start: BotStart? = nil
    ) async throws {
        let daemon = try await LoopSupervisor.inTaskOfItsOwn {
            try await makeDaemon(
                services: services, human: human, bot: bot, clock: clock, owner: owner, status: status, spending: spending,
                timeScale: timeScale, start: start)
        }
        await daemon.run()
    }

    /// One bot's loops, ready to run: its stores opened, both accounts looked up, `started` logged.
    static func makeDaemon(
        services: Services, human: any TakeBackNetwork, bot: any TakeBackNetwork, clock: any BotClock, owner: String,
        status: StatusBoard?, spending: SpendLedger?, timeScale: String, start: BotStart? = nil
    ) async throws -> Daemon {
        let configuration = services.configuration
        let log = services.log
        let progress = start?.progress
        progress?.enter("reaching postgresql")
        let connection = try await services.retrying("postgresql", clock: clock) { try await services.database() }
        if let spending {
            progress?.enter("reading its spend")
            try await services.retrying("postgresql", clock: clock) { try await spending.attach(PostgresSpendStore(connection: connection)) }
        }
        progress?.enter("opening its posts")
        let posts = try await services.retrying("postgresql", clock: clock) { try await services.postStore(connection) }
        // The human's home timeline and likes, as the daemon learns them, are the sample the like share is measured on.
        progress?.enter("opening its classifier")
        let classifier = try await services.retrying("redis", clock: clock) { try await services.classifier(learning: .sample, source: .learning) }
        let (botAccount, humanAccount) = try await accounts(bot: bot, human: human, services: services, clock: clock, progress: progress)
        progress?.enter(StartProgress.started)

        var settings = DaemonSettings(configuration: configuration, owner: owner)
        settings.spending = spending
        let actions = PostgresActionStore(connection: connection)
        log.report(.started(BotEvent.Startup(
            network: configuration.network.rawValue, bot: "@\(botAccount.username)", human: "@\(humanAccount.username)",
            timeZone: configuration.timeZone.identifier, dryRun: configuration.dryRun,
            pollSeconds: Int(settings.pollInterval.seconds), learnSeconds: Int(settings.learnInterval.seconds),
            timeScale: timeScale)))
        // Profiles that say no (#nobot): read as the bot, at most once a day per person, kept in PostgreSQL.
        let profiles = (bot as? any ProfileReadingNetwork).map {
            ProfileConsent(network: $0, store: PostgresProfileStore(connection: connection), clock: clock)
        }
        var learner = Learner(
            human: human, humanAccount: humanAccount, posts: posts, classifier: classifier, cursors: actions, marks: actions, log: log
        )
        learner.profiles = profiles
        let schedule = PostgresScheduleStore(connection: connection)
        // The human's own posts are looked up as the human (they see all of theirs) before each use.
        // What is found gone is withdrawn, and (FOLLOW_DELETIONS) the bot's copies of it are deleted.
        let withdrawals = PostgresWithdrawalStore(connection: connection)
        func sources(_ loop: String) -> SourceCheck {
            let log = log.with(["loop": loop])
            let copies = configuration.followDeletions ? CopyFollower(bot: bot, copies: withdrawals, clock: clock, log: log) : nil
            // Posts imported from another network are never looked up here (the network would call them missing).
            let ownPosts = OwnPosts(clock: configuration.network.postIDClock, dates: withdrawals)
            return SourceCheck(network: human, store: withdrawals, clock: clock, log: log, copies: copies, ownPosts: ownPosts)
        }
        let readsPerRound = DeletionSweep.readsPerRound(readsPerDay: configuration.deletionCheckReadsPerDay, learnInterval: settings.learnInterval)
        let sweep = readsPerRound == 0 && !configuration.followDeletions ? nil : DeletionSweep(
            check: sources("learning"), store: withdrawals, plans: schedule, readsPerRound: readsPerRound, timeZone: configuration.timeZone)
        let optOuts = PostgresOptOutStore(connection: connection)
        // The totals the status page, /metrics and doctor show: now, and after each learning round.
        let tally = TakeBackTally(withdrawals: withdrawals, copies: withdrawals, optOuts: optOuts, log: log.with(["loop": "learning"]))
        try? await tally.report()
        func consent(_ loop: String) -> Consent {
            Consent(optOuts: optOuts, clock: clock, log: log.with(["loop": loop]), profiles: profiles)
        }
        var posting = PostingLoop(
            scheduler: services.scheduler(connection), slots: schedule, texts: schedule, bot: bot, botAccount: botAccount,
            clock: clock, settings: settings, log: log, status: status)
        posting.sources = sources("posting")
        // The like loop judges nothing, the reply loop answers nothing, and a fresh bot's posting loop
        // draws no day, before a learning round has learned (a fresh bot's classifier is empty, its
        // history not yet stored).
        let firstRound = Milestone()
        // A bot begun at a phase (`BotStart.phase`) has learned its human before: it waits for no learning round.
        let learnedBefore = start?.phase != nil
        posting.learned = learnedBefore ? nil : firstRound
        // REPLY_PACE and POLL_PACE: the human's delays and hours, from the stored posts (nil: today's timing).
        let pace = configuration.replyPace == .immediate && configuration.pollPace == .steady ? nil : PaceKeeper(
            replies: configuration.replyPace, polls: configuration.pollPace, rhythm: schedule, timings: posts,
            idClock: configuration.network.postIDClock, timeZone: configuration.timeZone, clock: clock, log: log.with(["loop": "replies"]))
        var learning = LearningLoop(
            learner: learner.with(log: log.with(["loop": "learning"])), settings: settings, clock: clock, sweep: sweep, tally: tally)
        learning.learned = firstRound
        if let start { firstRound.passOn(to: start.firstRound) }
        learning.historyRead = start?.historyRead
        // Redis emptied under the daemon: noticed at the next learning round, rebuilt from PostgreSQL (the like
        // loop's rounds fail meanwhile, liking nothing: the counts are read only with their marker).
        learning.keepCounts = { [log] in
            if try await classifier.keepCounts(log: log.with(["loop": "learning"])) == .rebuildingElsewhere {
                throw ClassifierError.countsMissing(examples: nil)
            }
        }
        var loops: [any DaemonLoop] = [
            posting,
            ReplyLoop(
                bot: bot, botAccount: botAccount, replies: posts, texts: schedule, cursors: actions, claims: actions,
                clock: clock, settings: settings, log: log, sources: sources("replies"), consent: consent("replies"), pace: pace,
                learned: learnedBefore ? nil : firstRound),
            // Begun at a phase, it judges at once: with Redis emptied, its rounds fail until learning rebuilds the counts.
            LikeLoop(
                bot: bot, botAccount: botAccount, classifier: classifier, cursors: actions, claims: actions, clock: clock,
                settings: settings, log: log, consent: consent("likes"), pace: pace, learned: learnedBefore ? nil : firstRound),
            learning,
        ]
        if let status, status.detail == .full {
            // /healthz names a service that is down even before a loop needs it. (Not for a host's
            // bots: its registry rounds check PostgreSQL, and thousands of bots would each check.)
            loops.append(ServiceCheckLoop(checks: [
                ServiceCheck(name: "postgresql") { _ = try await connection.query("SELECT 1") },
                ServiceCheck(name: "redis") { try await classifier.redis.send(["PING"]).throwingOnError() },
            ], interval: min(settings.pollInterval, .seconds(60)), status: status, log: log))
        }
        var beat: (@Sendable () -> Void)?
        if let path = configuration.heartbeatFile {
            let heartbeat = Heartbeat(path: path)
            beat = { heartbeat.beat() }
        }
        let health = LoopHealth(loopNames: loops.map(\.name), clock: SystemClock())
        var supervisor = LoopSupervisor(clock: clock, log: log, health: health, heartbeat: beat, status: status)
        // A host's bots: rounds failed together on one slow server are not retried together,
        if start != nil { supervisor.jitter = { Double.random(in: 0...1) } }
        var daemon = Daemon(loops: loops, supervisor: supervisor)
        // and the learning and like rounds of those that have learned before begin at a phase.
        daemon.phases = start?.phase?.waits(learnInterval: settings.learnInterval, pollInterval: settings.pollInterval) ?? [:]
        return daemon
    }

    /// The bot's account and its human's, read as a start (`Starting`): before the background reads
    /// waiting for the same server, so a host taking over a dead host's bots runs them again soon.
    static func accounts(
        bot: any SocialNetwork, human: any SocialNetwork, services: Services, clock: any BotClock, progress: StartProgress?
    ) async throws -> (bot: Account, human: Account) {
        try await Starting.run {
            progress?.enter("reading the bot's account")
            let botAccount = try await services.retrying("the bot's account", clock: clock) { try await bot.me() }
            progress?.enter("reading the human's account")
            let humanAccount = try await services.retrying("the human's account", clock: clock) { try await human.me() }
            return (botAccount, humanAccount)
        }
    }

    /// Start-up touches far more code and read-only data than the loops run afterwards (the
    /// Swift runtime's metadata, Foundation, ICU's tables, TLS): `ResidentMemory.trim` gives
    /// those pages back once the loops have had their first rounds, and again every
    /// `trimInterval`, so an idle daemon's resident memory is what its loops use (issue 30).
    static func trimMemory(log: Logger) async {
        var delay = firstTrimDelay
        while true {
            do { try await Task.sleep(for: delay) } catch { return }
            let trim = ResidentMemory.trim()
            log.report(.memoryTrimmed(residentBeforeKB: trim.beforeKB, residentAfterKB: trim.afterKB))
            if delay == firstTrimDelay, trim.pagewise == 0 {
                let error = ResidentMemory.userfaultfd.error
                let reason = error == 0 ? "no mapping could be registered" : "userfaultfd: " + String(cString: strerror(error))
                log.report(.faultAroundKept(reason: reason))
            }
            delay = trimInterval
        }
    }

    /// Real time, whatever the bot's clock: memory is the machine's.
    static let firstTrimDelay = Duration.seconds(30)
    static let trimInterval = Duration.seconds(600)
}
