import Synchronization

/// A few connections to one database shared by many schemas: a host's bots each see their
/// own schema through a `PooledConnection`, and all of them together hold `size` server
/// connections.
///
/// Each statement goes to the connection with the fewest statements waiting (the one already
/// in the statement's schema when it is as free), which sets `search_path` first when it
/// names another schema. A transaction runs whole on one connection. Waiting for a connection
/// is waiting in its actor's queue: no thread blocks. A connection connects on its first
/// statement and reconnects after it was lost, as any `PostgresConnection` does.
public final class PostgresPool: Sendable {
    public let size: Int
    private let connections: [PostgresConnection]
    private let slots: Mutex<[Slot]>

    private struct Slot {
        var waiting = 0
        var schema: String?
    }

    /// `size` connections (at least one) to `url`, none opened yet. A statement waits at most
    /// `lockTimeoutSeconds` for a lock and runs at most `statementTimeoutSeconds`: one schema's
    /// table locked by a migration or an import fails that schema's statement, and never holds
    /// the statements of the others queued behind it for longer.
    public init(url: String, size: Int, lockTimeoutSeconds: Int = 10, statementTimeoutSeconds: Int = 120) {
        self.size = max(1, size)
        connections = (0..<self.size).map { _ in
            PostgresConnection(lazyURL: url, lockTimeoutSeconds: lockTimeoutSeconds, statementTimeoutSeconds: statementTimeoutSeconds)
        }
        slots = Mutex(Array(repeating: Slot(), count: self.size))
    }

    /// `schema`'s view of the pool.
    public func client(schema: String) -> PooledConnection {
        PooledConnection(pool: self, schema: schema, pinned: nil)
    }

    /// How many statements wait on or run in each connection now (for a status page).
    public var waiting: [Int] { slots.withLock { $0.map(\.waiting) } }

    /// Runs `body` on the least busy connection (or on `pinned`'s), counted while it runs.
    func lend<T: Sendable>(
        _ schema: String, pinned: Int?, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let index = slots.withLock { slots in
            let chosen = pinned ?? Self.leastBusy(slots, schema: schema)
            slots[chosen].waiting += 1
            slots[chosen].schema = schema
            return chosen
        }
        defer { slots.withLock { $0[index].waiting -= 1 } }
        return try await body(connections[index])
    }

    /// The index of a connection to pin: the least busy now.
    func pin(_ schema: String) -> Int {
        slots.withLock { Self.leastBusy($0, schema: schema) }
    }

    private static func leastBusy(_ slots: [Slot], schema: String) -> Int {
        var best = 0
        for index in slots.indices {
            let candidate = slots[index], current = slots[best]
            if candidate.waiting < current.waiting
                || (candidate.waiting == current.waiting && candidate.schema == schema && current.schema != schema) {
                best = index
            }
        }
        return best
    }
}

/// One schema's share of a `PostgresPool`: every statement sees `schema` first (`search_path`).
public struct PooledConnection: PostgresClient {
    let pool: PostgresPool
    public let schema: String
    /// The one connection every statement goes to, when pinned.
    let pinned: Int?

    @discardableResult
    public func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await pool.lend(schema, pinned: pinned) { try await $0.query(query, in: schema) }
    }

    public func execute(unsafeSQL sql: String) async throws {
        try await pool.lend(schema, pinned: pinned) { try await $0.execute(unsafeSQL: sql, in: schema) }
    }

    public func transaction<T: Sendable>(_ body: @Sendable (isolated PostgresConnection) throws -> T) async throws -> T {
        try await pool.lend(schema, pinned: pinned) { try await $0.transaction(in: schema, body) }
    }

    public func pinned() async -> any PostgresClient {
        if pinned != nil { return self }
        return PooledConnection(pool: pool, schema: schema, pinned: pool.pin(schema))
    }
}
