import APIClientCore
import Foundation
import Postgres
import Redis
import Synchronization

/// The connections a host's bots share, whatever their number: one pool of PostgreSQL
/// connections (each bot sees its own schema through it) and a few Redis connections (each
/// bot's keys under its own prefix), so a thousand bots hold the connections of a few; and
/// what the bots of one X app share: its per-app rate-limit windows (in this process) and its
/// spend (`x_app_spend` in the registry, across hosts).
final class HostConnections: Sendable {
    let pool: PostgresPool
    /// The registry's schema: the host's `DATABASE_SCHEMA`, or the registry connection's own
    /// `current_schema()` (`public` by default), as the host learns it (`registryFound`).
    private let registrySchema: Mutex<String>
    private let redisConfiguration: RedisConfiguration
    private let redisConnections: Mutex<[RedisConnection?]>
    /// Each X app's per-app windows, by `xApp(consumerKey:)`.
    private let xAppLimits = Mutex<[String: AppRateLimits]>([:])

    init(databaseURL: String, databaseConnections: Int, redis: RedisConfiguration, redisConnections: Int, registrySchema: String = "public") {
        pool = PostgresPool(url: databaseURL, size: databaseConnections)
        self.registrySchema = Mutex(registrySchema)
        redisConfiguration = redis
        self.redisConnections = Mutex(Array(repeating: nil, count: max(1, redisConnections)))
    }

    /// The registry's schema on the pool: where the bots of one X app count their spend together.
    var registry: PooledConnection { pool.client(schema: registrySchema.withLock { $0 }) }

    /// The registry is in `schema` (its connection's `current_schema()`).
    func registryFound(in schema: String) {
        registrySchema.withLock { $0 = schema }
    }

    /// The per-app windows every client of the app of `consumerKey` in this host shares.
    func rateLimits(ofApp consumerKey: String) -> AppRateLimits {
        let app = Self.xApp(consumerKey: consumerKey)
        return xAppLimits.withLock { limits in
            if let known = limits[app] { return known }
            let made = AppRateLimits()
            limits[app] = made
            return made
        }
    }

    /// What names an X app in the registry: the hex SHA-256 of its consumer key (OAuth 1.0a's
    /// `oauth_consumer_key`, the app's own), never the key.
    static func xApp(consumerKey: String) -> String {
        SecretBox.sha256Hex(Array(consumerKey.utf8))
    }

    /// The bot's schema (`DATABASE_SCHEMA`, set for each bot by the host) on the pool.
    func database(_ configuration: Configuration) -> PooledConnection {
        pool.client(schema: configuration.databaseSchema ?? "public")
    }

    /// The Redis connection `key` (a bot's prefix) always uses, connected on first use; it
    /// reconnects by itself after an error.
    func redis(for key: String) async throws -> RedisConnection {
        // The same connection for the same key as long as the process runs.
        let index = Int(UInt(bitPattern: key.hashValue) % UInt(redisConnections.withLock { $0.count }))
        if let connection = redisConnections.withLock({ $0[index] }) { return connection }
        let opened = try await RedisConnection(configuration: redisConfiguration)
        // Two first uses at once may both connect: the first kept serves both.
        return redisConnections.withLock { held in
            if let connection = held[index] { return connection }
            held[index] = opened
            return opened
        }
    }
}
