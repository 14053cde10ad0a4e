import Postgres
import Redis
import Synchronization

/// The connections a host's bots share, whatever their number: one pool of PostgreSQL
/// connections (each bot sees its own schema through it) and a few Redis connections (each
/// bot's keys under its own prefix), so a thousand bots hold the connections of a few.
final class HostConnections: Sendable {
    let pool: PostgresPool
    private let redisConfiguration: RedisConfiguration
    private let redisConnections: Mutex<[RedisConnection?]>

    init(databaseURL: String, databaseConnections: Int, redis: RedisConfiguration, redisConnections: Int) {
        pool = PostgresPool(url: databaseURL, size: databaseConnections)
        redisConfiguration = redis
        self.redisConnections = Mutex(Array(repeating: nil, count: max(1, redisConnections)))
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
