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
        return (try humanNetwork(sessions: sessions, dialects: dialects), try botNetwork(sessions: sessions, dialects: dialects))
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

    func humanNetwork(sessions: (any BlueskySessionStore)? = nil, dialects: XDialectMemory? = nil) throws -> any TakeBackNetwork {
        switch configuration.network {
        case .x:
            return XNetwork(
                credentials: try configuration.requireHumanCredentials(), configuration: xClientConfiguration, observe: observer("human"),
                dialects: dialects ?? xDialectMemory(), meter: xMeter)
        case .mastodon:
            return try mastodonNetwork(token: configuration.humanMastodonToken, variable: "HUMAN_MASTODON_TOKEN", account: "human")
        case .bluesky:
            return try humanBlueskyNetwork(sessions: sessions)
        case .misskey:
            return try misskeyNetwork(token: configuration.humanMisskeyToken, variable: "HUMAN_MISSKEY_TOKEN", account: "human")
        }
    }

    func botNetwork(sessions: (any BlueskySessionStore)? = nil, dialects: XDialectMemory? = nil) throws -> any TakeBackNetwork {
        switch configuration.network {
        case .x:
            return XNetwork(
                credentials: try configuration.requireBotCredentials(), configuration: xClientConfiguration, observe: observer("bot"),
                dialects: dialects ?? xDialectMemory(), meter: xMeter)
        case .mastodon:
            return try mastodonNetwork(token: configuration.botMastodonToken, variable: "BOT_MASTODON_TOKEN", account: "bot")
        case .bluesky:
            return try blueskyNetwork(
                identifier: configuration.botBlueskyIdentifier, identifierVariable: "BOT_BLUESKY_IDENTIFIER",
                password: configuration.botBlueskyAppPassword, passwordVariable: "BOT_BLUESKY_APP_PASSWORD",
                likeScope: configuration.blueskyLikeScope, sessions: sessions, account: "bot")
        case .misskey:
            return try misskeyNetwork(token: configuration.botMisskeyToken, variable: "BOT_MISSKEY_TOKEN", account: "bot")
        }
    }

    /// The human's Bluesky account (read only: it likes nothing, so its scope is moot).
    func humanBlueskyNetwork(sessions: (any BlueskySessionStore)? = nil) throws -> BlueskyNetwork {
        try blueskyNetwork(
            identifier: configuration.humanBlueskyIdentifier, identifierVariable: "HUMAN_BLUESKY_IDENTIFIER",
            password: configuration.humanBlueskyAppPassword, passwordVariable: "HUMAN_BLUESKY_APP_PASSWORD",
            likeScope: .all, sessions: sessions, account: "human")
    }

    /// A Bluesky account at `BLUESKY_SERVICE_URL`, its session kept in PostgreSQL.
    func blueskyNetwork(
        identifier: String?, identifierVariable: String, password: String?, passwordVariable: String, likeScope: BlueskyLikeScope,
        sessions: (any BlueskySessionStore)?, account: String
    ) throws -> BlueskyNetwork {
        guard let identifier, !identifier.isEmpty else { throw ConfigurationError.missing(variable: identifierVariable) }
        guard let password, !password.isEmpty else { throw ConfigurationError.missing(variable: passwordVariable) }
        // The bot's posts carry the facets stored with the human's (the human's network only reads).
        let configuration = configuration
        let facets = account == "bot" ? PostgresBlueskyFacetSource { try await Services.connect(configuration) } : nil
        return BlueskyNetwork(
            serviceURL: configuration.blueskyServiceURL, identifier: identifier, appPassword: password,
            store: sessions ?? blueskySessionStore(), likeScope: likeScope, facetSource: facets, log: log, observe: observer(account))
    }

    /// Bluesky sessions in this bot's PostgreSQL schema, on a connection of their own opened on first use.
    func blueskySessionStore() -> PostgresBlueskySessionStore {
        let configuration = configuration
        return PostgresBlueskySessionStore { try await Services.connect(configuration) }
    }

    /// A Mastodon account at `MASTODON_BASE_URL`, posting with `MASTODON_VISIBILITY`.
    func mastodonNetwork(token: String?, variable: String, account: String) throws -> MastodonNetwork {
        guard let baseURL = configuration.mastodonBaseURL else { throw ConfigurationError.missing(variable: "MASTODON_BASE_URL") }
        guard let token, !token.isEmpty else { throw ConfigurationError.missing(variable: variable) }
        return MastodonNetwork(baseURL: baseURL, token: token, visibility: configuration.mastodonVisibility, observe: observer(account))
    }

    /// A Misskey account at `MISSKEY_BASE_URL`, posting with `MISSKEY_VISIBILITY`, liking with `MISSKEY_REACTION`.
    func misskeyNetwork(token: String?, variable: String, account: String) throws -> MisskeyNetwork {
        guard let baseURL = configuration.misskeyBaseURL else { throw ConfigurationError.missing(variable: "MISSKEY_BASE_URL") }
        guard let token, !token.isEmpty else { throw ConfigurationError.missing(variable: variable) }
        var network = MisskeyNetwork(
            baseURL: baseURL, token: token, visibility: configuration.misskeyVisibility, reaction: configuration.misskeyReaction,
            observe: observer(account))
        // The bot's notes: a plain text (imported from another network) has its MFM look-alikes kept literal.
        if account == "bot" { network.markupSource = PostgresMarkupSource { try await Services.connect(configuration) } }
        return network
    }

    var xClientConfiguration: XClientConfiguration {
        XClientConfiguration(baseURL: configuration.xAPIBaseURL)
    }

    /// Connects to PostgreSQL and checks the schema is migrated.
    func database() async throws -> PostgresConnection {
        let connection = try await Self.connect(configuration)
        let migrated = try await connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS ok").first?.decode("ok", as: Bool.self)
        guard migrated == true else { throw NotMigratedError() }
        return connection
    }

    /// A connection to `DATABASE_URL` that sees `DATABASE_SCHEMA` (on every reconnect too).
    static func connect(_ configuration: Configuration) async throws -> PostgresConnection {
        try await PostgresConnection(url: configuration.databaseURL, schema: configuration.databaseSchema)
    }

    func postStore(_ connection: PostgresConnection) async throws -> PostgresPostStore {
        try await PostgresPostStore.open(connection: connection, timeZone: configuration.timeZone, limit: configuration.postLimit)
    }

    func scheduler(_ connection: PostgresConnection) -> Scheduler {
        Scheduler(
            store: PostgresScheduleStore(connection: connection), timeZone: configuration.timeZone,
            postMentions: configuration.postMentions
        )
    }

    /// REDIS_URL, with REDIS_TLS_VERIFY and REDIS_TLS_CA_FILE for a `rediss://` one.
    func redisConfiguration() throws -> RedisConfiguration {
        try Self.redisConfiguration(configuration)
    }

    static func redisConfiguration(_ configuration: Configuration) throws -> RedisConfiguration {
        try RedisConfiguration(url: configuration.redisURL, verifyPeer: configuration.redisTLSVerifyPeer, caFile: configuration.redisTLSCAFile)
    }

    func redis() async throws -> RedisConnection {
        try await RedisConnection(configuration: redisConfiguration())
    }

    /// The classifier; `learning` says whether what it learns is a sample of what the human saw.
    func classifier(learning: ClassifierLearning) async throws -> RedisClassifier {
        try await Self.classifier(configuration, learning: learning)
    }

    /// The classifier over Redis (REDIS_* variables, TLS included), features from MeCab (MECAB_DICDIR),
    /// deciding per FAVORITE_RATE_THRESHOLD.
    static func classifier(_ configuration: Configuration, learning: ClassifierLearning) async throws -> RedisClassifier {
        let tokenizer = try MeCabFeatureTokenizer(dictionaryPath: configuration.mecabDictionary)
        return RedisClassifier(
            redis: try await RedisConnection(configuration: redisConfiguration(configuration)),
            keys: ClassifierKeys(prefix: configuration.redisKeyPrefix), extractor: FeatureExtractor(tokenizer: tokenizer),
            rule: FavoriteRule(threshold: configuration.favoriteRateThreshold), learning: learning
        )
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
