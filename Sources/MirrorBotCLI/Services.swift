import Foundation
import MeCab
import MirrorBot
import MirrorBotMeCab
import MirrorBotMastodon
import MirrorBotPostgres
import MirrorBotRedis
import MirrorBotX
import Postgres
import Redis
import XAPI

/// Builds the bot's parts from the configuration: the database, the
/// classifier, and both accounts' network clients.
struct Services: Sendable {
    let configuration: Configuration
    let log: Logger

    /// The human's and the bot's network, per `NETWORK`.
    func networks() throws -> (human: any SocialNetwork, bot: any SocialNetwork) {
        (try humanNetwork(), try botNetwork())
    }

    func humanNetwork() throws -> any SocialNetwork {
        switch configuration.network {
        case .x:
            return XNetwork(credentials: try configuration.requireHumanCredentials(), configuration: xClientConfiguration)
        case .mastodon:
            return try mastodonNetwork(token: configuration.humanMastodonToken, variable: "HUMAN_MASTODON_TOKEN")
        }
    }

    func botNetwork() throws -> any SocialNetwork {
        switch configuration.network {
        case .x:
            return XNetwork(credentials: try configuration.requireBotCredentials(), configuration: xClientConfiguration)
        case .mastodon:
            return try mastodonNetwork(token: configuration.botMastodonToken, variable: "BOT_MASTODON_TOKEN")
        }
    }

    /// A Mastodon account at `MASTODON_BASE_URL`, posting with `MASTODON_VISIBILITY`.
    func mastodonNetwork(token: String?, variable: String) throws -> MastodonNetwork {
        guard let baseURL = configuration.mastodonBaseURL else { throw ConfigurationError.missing(variable: "MASTODON_BASE_URL") }
        guard let token, !token.isEmpty else { throw ConfigurationError.missing(variable: variable) }
        return MastodonNetwork(baseURL: baseURL, token: token, visibility: configuration.mastodonVisibility)
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
    func classifier(learning: ClassifierLearning) async throws -> RedisClassifierStore {
        try await Self.classifier(configuration, learning: learning)
    }

    /// The classifier over Redis (REDIS_* variables, TLS included), features from MeCab (MECAB_DICDIR),
    /// deciding per FAVORITE_RATE_THRESHOLD.
    static func classifier(_ configuration: Configuration, learning: ClassifierLearning) async throws -> RedisClassifierStore {
        let tokenizer = try MeCabFeatureTokenizer(dictionaryPath: configuration.mecabDictionary)
        return RedisClassifierStore(
            redis: try await RedisConnection(configuration: redisConfiguration(configuration)),
            keys: ClassifierKeys(prefix: configuration.redisKeyPrefix), extractor: FeatureExtractor(tokenizer: tokenizer),
            rule: FavoriteRule(threshold: configuration.favoriteRateThreshold), learning: learning
        )
    }

    /// Runs `body` until it succeeds, logging each failure and backing off
    /// (1 s doubling to 60 s); errors no retry can fix are rethrown at once.
    func retrying<T: Sendable>(_ what: String, clock: any BotClock, _ body: () async throws -> T) async throws -> T {
        var delay: Duration = .seconds(1)
        while true {
            do {
                return try await body()
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                if Self.isPermanent(error) { throw error }
                log.error("waiting_for", ["what": what, "error": String(describing: error), "retry_in_s": Int(delay.seconds)])
                try await clock.sleep(for: delay)
                delay = min(delay * 2, .seconds(60))
            }
        }
    }

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
