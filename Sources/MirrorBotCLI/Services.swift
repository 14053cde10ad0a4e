import APIClientCore
import BlueskyAPI
import Clocks
import Foundation
import MeCab
import MirrorBot
import MirrorBotBluesky
import MirrorBotMastodon
import MirrorBotMeCab
import MirrorBotMisskey
import MirrorBotPostgres
import MirrorBotRedis
import MirrorBotSpend
import MirrorBotX
import PostFeatures
import Postgres
import Redis
import XAPI
import Synchronization

/// Builds the bot's parts from the configuration: the database, the
/// classifier, and both accounts' network clients.
struct Services: Sendable {
    /// Hears what an account's network client does inside each call (`human` or `bot`).
    typealias ClientObserver = @Sendable (_ account: String, _ event: APIClientEvent) -> Void

    let configuration: Configuration
    let log: Logger
    /// The status page's counter of attempts, retries and rate-limit waits, when it serves.
    var clientObserver: ClientObserver? = nil
    /// On X: what both accounts' requests cost, counted into the day's spend.
    var xMeter: XSpendMeter? = nil
    /// In a host: the connections its bots share, in place of a bot's own.
    var shared: HostConnections? = nil

    /// The observer of `account`'s client (one that hears nothing without a status page).
    func observer(_ account: String) -> @Sendable (APIClientEvent) -> Void {
        guard let clientObserver else { return { _ in } }
        return { clientObserver(account, $0) }
    }

    /// The human's and the bot's network, per `NETWORK` (on Bluesky sharing one session store,
    /// on X the dialect learned).
    func networks() throws -> (human: any TakeBackNetwork, bot: any TakeBackNetwork) {
        let sessions = blueskySessionStore()
        let dialects = xDialectMemory()
        return (try network(.human, sessions: sessions, dialects: dialects), try network(.bot, sessions: sessions, dialects: dialects))
    }

    /// The X dialect to start in (`X_FIELD_DIALECT`); each switch is logged once.
    func xDialectMemory() -> XDialectMemory {
        let log = log
        return XDialectMemory(configuration.xFieldDialect) { change in
            log.warning("x_dialect_switch", [
                "from": change.from.rawValue, "to": change.to.rawValue, "endpoint": change.endpoint, "detail": change.detail,
            ])
        }
    }

    /// One of the two accounts: the name the observer hears and the prefix of its variables.
    enum Role: String, Sendable {
        case human, bot

        /// `HUMAN_…` or `BOT_…`.
        func variable(_ name: String) -> String { "\(rawValue.uppercased())_\(name)" }
    }

    /// `account`'s network, per `NETWORK`, from that account's variables.
    func network(_ account: Role, sessions: (any BlueskySessionStore)? = nil, dialects: XDialectMemory? = nil) throws -> any TakeBackNetwork {
        let human = account == .human
        switch configuration.network {
        case .x:
            let credentials = try human ? configuration.requireHumanCredentials() : configuration.requireBotCredentials()
            // In a host, the per-app windows are shared by every client of the credentials' app.
            return XNetwork(
                credentials: credentials, configuration: xClientConfiguration, observe: observer(account.rawValue),
                dialects: dialects ?? xDialectMemory(), meter: xMeter, appRateLimits: shared?.rateLimits(ofApp: credentials.consumerKey))
        case .mastodon:
            return try mastodonNetwork(account, token: human ? configuration.humanMastodonToken : configuration.botMastodonToken)
        case .bluesky:
            return try blueskyNetwork(account, sessions: sessions)
        case .misskey:
            return try misskeyNetwork(account, token: human ? configuration.humanMisskeyToken : configuration.botMisskeyToken)
        }
    }

    /// `value` when set and not empty, else the error naming `account`'s `variable`.
    func required(_ value: String?, _ account: Role, _ variable: String) throws -> String {
        guard let value, !value.isEmpty else { throw ConfigurationError.missing(variable: account.variable(variable)) }
        return value
    }

    /// A Bluesky account at `BLUESKY_SERVICE_URL`, its session kept in PostgreSQL. The human's
    /// account only reads: it likes nothing, so its scope is moot.
    func blueskyNetwork(_ account: Role, sessions: (any BlueskySessionStore)? = nil) throws -> BlueskyNetwork {
        let human = account == .human
        let identifier = try required(human ? configuration.humanBlueskyIdentifier : configuration.botBlueskyIdentifier, account, "BLUESKY_IDENTIFIER")
        let password = try required(human ? configuration.humanBlueskyAppPassword : configuration.botBlueskyAppPassword, account, "BLUESKY_APP_PASSWORD")
        // The bot's posts carry the facets stored with the human's (the human's network only reads).
        let configuration = configuration
        let facets = human ? nil : PostgresBlueskyFacetSource { [self] in try await self.sideConnection() }
        var network = BlueskyNetwork(
            serviceURL: configuration.blueskyServiceURL, identifier: identifier, appPassword: password,
            store: sessions ?? blueskySessionStore(), likeScope: human ? .all : configuration.blueskyLikeScope, facetSource: facets, log: log,
            observe: observer(account.rawValue))
        // The bot's posts: a self-labelled post of the human's goes out with its labels.
        if !human { network.warningSource = PostgresWarningSource { [self] in try await self.sideConnection() } }
        return network
    }

    /// Bluesky sessions in this bot's PostgreSQL schema, on a connection of their own opened on first use.
    func blueskySessionStore() -> PostgresBlueskySessionStore {
        PostgresBlueskySessionStore { [self] in try await self.sideConnection() }
    }

    /// A Mastodon account at `MASTODON_BASE_URL`, posting with `MASTODON_VISIBILITY`.
    func mastodonNetwork(_ account: Role, token: String?) throws -> MastodonNetwork {
        guard let baseURL = configuration.mastodonBaseURL else { throw ConfigurationError.missing(variable: "MASTODON_BASE_URL") }
        var network = MastodonNetwork(
            baseURL: baseURL, token: try required(token, account, "MASTODON_TOKEN"), visibility: configuration.mastodonVisibility,
            observe: observer(account.rawValue))
        // The bot's statuses: a warned post of the human's goes out behind its warning.
        if account == .bot { network.warningSource = PostgresWarningSource { [self] in try await self.sideConnection() } }
        return network
    }

    /// A Misskey account at `MISSKEY_BASE_URL`, posting with `MISSKEY_VISIBILITY`, liking with `MISSKEY_REACTION`.
    func misskeyNetwork(_ account: Role, token: String?) throws -> MisskeyNetwork {
        guard let baseURL = configuration.misskeyBaseURL else { throw ConfigurationError.missing(variable: "MISSKEY_BASE_URL") }
        var network = MisskeyNetwork(
            baseURL: baseURL, token: try required(token, account, "MISSKEY_TOKEN"), visibility: configuration.misskeyVisibility,
            reaction: configuration.misskeyReaction, observe: observer(account.rawValue))
        // The bot's notes: a plain text (imported from another network) has its MFM look-alikes kept literal.
        if account == .bot {
            network.markupSource = PostgresMarkupSource { [self] in try await self.sideConnection() }
            // A warned post of the human's goes out behind a `cw`.
            network.warningSource = PostgresWarningSource { [self] in try await self.sideConnection() }
        }
        return network
    }

    var xClientConfiguration: XClientConfiguration {
        XClientConfiguration(baseURL: configuration.xAPIBaseURL)
    }

    /// Connects to PostgreSQL (in a host, the bot's share of the host's pool) and checks the schema is migrated.
    func database() async throws -> any PostgresClient {
        let connection: any PostgresClient
        if let shared { connection = shared.database(configuration) } else { connection = try await Self.connect(configuration) }
        let migrated = try await connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS ok").first?.decode("ok", as: Bool.self)
        guard migrated == true else { throw NotMigratedError() }
        return connection
    }

    /// A connection to `DATABASE_URL` that sees `DATABASE_SCHEMA` (on every reconnect too).
    static func connect(_ configuration: Configuration) async throws -> PostgresConnection {
        try await PostgresConnection(url: configuration.databaseURL, schema: configuration.databaseSchema)
    }

    /// The one connection a bot's occasional readers and writers share beside its loops' own: the
    /// classifier's record, the warning and markup sources, Bluesky's facets and sessions. Opened
    /// on first use, one a database and schema while any of them holds it (a bot keeps two
    /// connections, not one a reader); closed with its last holder. A host's bots use its pool.
    static func sideConnection(_ configuration: Configuration) async throws -> PostgresConnection {
        let key = "\(configuration.databaseURL)\u{0}\(configuration.databaseSchema ?? "")"
        if let shared = sideConnections.withLock({ $0[key]?.connection }) { return shared }
        let opened = try await connect(configuration)
        // Two first uses at once may both open one: the first kept is shared, the other used once and closed.
        return sideConnections.withLock { held in
            if let shared = held[key]?.connection { return shared }
            held = held.filter { $0.value.connection != nil }
            held[key] = WeakConnection(connection: opened)
            return opened
        }
    }

    /// The side connection (`sideConnection(_:)`); in a host, the bot's share of the host's pool.
    func sideConnection() async throws -> any PostgresClient {
        if let shared { return shared.database(configuration) }
        return try await Self.sideConnection(configuration)
    }

    private struct WeakConnection: Sendable {
        weak var connection: PostgresConnection?
    }

    private static let sideConnections = Mutex<[String: WeakConnection]>([:])

    func postStore(_ connection: any PostgresClient) async throws -> PostgresPostStore {
        try await PostgresPostStore.open(connection: connection, timeZone: configuration.timeZone, limit: configuration.postLimit)
    }

    func scheduler(_ connection: any PostgresClient) -> Scheduler {
        var scheduler = Scheduler(
            store: PostgresScheduleStore(connection: connection), timeZone: configuration.timeZone,
            postMentions: configuration.postMentions, postWarned: configuration.network.carriesWarnings
        )
        scheduler.media = configuration.postMedia.pick(networkCarries: configuration.network.carriesMedia)
        return scheduler
    }

    /// REDIS_URL, with REDIS_TLS_VERIFY and REDIS_TLS_CA_FILE for a `rediss://` one.
    func redisConfiguration() throws -> RedisConfiguration {
        try Self.redisConfiguration(configuration)
    }

    static func redisConfiguration(_ configuration: Configuration) throws -> RedisConfiguration {
        try RedisConfiguration(url: configuration.redisURL, verifyPeer: configuration.redisTLSVerifyPeer, caFile: configuration.redisTLSCAFile)
    }

    func redis() async throws -> RedisConnection {
        if let shared { return try await shared.redis(for: configuration.redisKeyPrefix) }
        return try await RedisConnection(configuration: redisConfiguration())
    }

    /// The classifier; `learning` says whether what it learns is a sample of what the human saw,
    /// `source` what it records the posts as coming from.
    func classifier(learning: ClassifierLearning, source: TrainingSource) async throws -> RedisClassifier {
        try await Self.classifier(
            configuration, learning: learning, source: source, log: log,
            // Without a host, the classifier connects to Redis itself, after finding its dictionary.
            redis: shared == nil ? nil : try await redis(), side: { [self] in try await self.sideConnection() })
    }

    /// The classifier over Redis (REDIS_* variables, TLS included), features from MeCab (MECAB_DICDIR),
    /// deciding per FAVORITE_RATE_THRESHOLD, every post it learns recorded in PostgreSQL first. Its
    /// counts are made whole before it is handed out: rebuilt from PostgreSQL when Redis lost them
    /// (`RedisClassifierStore.keepCounts`; while another process rebuilds them, reading them throws).
    static func classifier(
        _ configuration: Configuration, learning: ClassifierLearning, source: TrainingSource, log: Logger?,
        redis: RedisConnection? = nil, side: LazyConnection.Connect? = nil
    ) async throws -> RedisClassifier {
        let tokenizer = try SharedTokenizers.tokenizer(dictionaryPath: configuration.mecabDictionary)
        let connection: RedisConnection
        if let redis { connection = redis } else { connection = try await RedisConnection(configuration: redisConfiguration(configuration)) }
        var store = RedisClassifierStore(
            redis: connection,
            keys: ClassifierKeys(prefix: configuration.redisKeyPrefix),
            journal: PostgresClassifierJournal(connect: side ?? { try await Services.sideConnection(configuration) }))
        store.source = source
        let classifier = RedisClassifier(
            store: store, extractor: FeatureExtractor(tokenizer: tokenizer), rule: FavoriteRule(threshold: configuration.favoriteRateThreshold),
            learning: learning)
        _ = try await classifier.keepCounts(log: log)
        return classifier
    }

    /// Runs `body` until it succeeds, logging each failure and backing off
    /// (1 s doubling to 60 s); errors no retry can fix are rethrown at once.
    func retrying<T: Sendable>(_ what: String, clock: any BotClock, _ body: () async throws -> T) async throws -> T {
        var retry = 1
        while true {
            do {
                return try await body()
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                if Self.isPermanent(error) { throw error }
                let delay = Self.startupBackoff.delay(retry: retry)
                log.report(.waitingFor(what: what, error: String(describing: error), retryInSeconds: Int(delay.seconds)))
                try await clock.sleep(for: delay)
                retry += 1
            }
        }
    }

    /// The waits for a service at start-up: 1 s doubling to 60 s, no jitter.
    static let startupBackoff = Backoff(base: .seconds(1), cap: .seconds(60))

    /// Failures that waiting does not fix: configuration, credentials, a missing dictionary, an unmigrated database,
    /// a Redis URL or TLS setting that cannot work (a malformed URL, no TLS on the port, an unreadable CA file,
    /// a certificate that is not trusted or not for the host).
    static func isPermanent(_ error: any Error) -> Bool {
        switch error {
        case is ConfigurationError, is MeCabError, is NotMigratedError:
            return true
        case let redis as RedisError where [.unsupported, .invalidURL, .tls, .certificate].contains(redis.kind):
            return true
        case NetworkError.unauthorized:
            return true
        default:
            return false
        }
    }
}

/// The database has no mirror-bot tables yet.
struct NotMigratedError: Error, CustomStringConvertible {
    var description: String { "the database is not migrated: run 'mirror-bot migrate' first" }
}

/// One MeCab tagger a dictionary for the whole process: the bots of a host share it, so the
/// dictionary is mapped and its tagger built once (`MeCabTokenizer` is safe to share: its
/// tagger sits in a mutex, and a post takes microseconds).
enum SharedTokenizers {
    private static let taggers = Mutex<[String: MeCabTokenizer]>([:])

    static func tokenizer(dictionaryPath: String?) throws -> MeCabFeatureTokenizer {
        try taggers.withLock { taggers in
            let key = dictionaryPath ?? ""
            if let tagger = taggers[key] { return MeCabFeatureTokenizer(tagger) }
            let tagger = try MeCabTokenizer(dictionaryPath: dictionaryPath)
            taggers[key] = tagger
            return MeCabFeatureTokenizer(tagger)
        }
    }
}
