import Synchronization

/// A few connections to one database shared by many schemas: a host's bots each see their
/// own schema through a `PooledConnection`, and all of them together hold `size` server
/// connections.
///
/// Each statement goes to the schema's home connection (a hash of its name) unless that one has
/// more than `homeSlack` statements waiting beyond the least busy; then to the least busy (the
/// one already in the schema when as free), so no statement queues long behind another schema's
/// slow one. That connection sets `search_path` first when it names another schema. Home
/// connections split the schemas between the server's processes: each caches the catalogs
/// (tables, indexes; about 430 KB a bot's schema) of its share, where every process would in
/// time cache every schema's. A transaction runs whole on one connection. Waiting for a
/// connection is waiting in its actor's queue: no thread blocks. A connection connects on its first
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

    /// Runs `body` on the connection `choose` picks (or on `pinned`'s), counted while it runs.
    func lend<T: Sendable>(
        _ schema: String, pinned: Int?, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let index = slots.withLock { slots in
            let chosen = pinned ?? Self.choose(slots, schema: schema)
            slots[chosen].waiting += 1
            slots[chosen].schema = schema
            return chosen
        }
        defer { slots.withLock { $0[index].waiting -= 1 } }
        return try await body(connections[index])
    }

    /// The index of a connection to pin: the one a statement would go to now.
    func pin(_ schema: String) -> Int {
        slots.withLock { Self.choose($0, schema: schema) }
    }

    /// Statements a home connection may have waiting beyond the least busy one and still be taken.
    static let homeSlack = 2

    /// The connection for a statement of `schema`: its home unless that has more than
    /// `homeSlack` waiting beyond the least busy; then the least busy.
    private static func choose(_ slots: [Slot], schema: String) -> Int {
        let home = Self.home(of: schema, among: slots.count)
        var best = home
        for index in slots.indices {
            let candidate = slots[index], current = slots[best]
            if candidate.waiting < current.waiting
                || (candidate.waiting == current.waiting && best != home && candidate.schema == schema && current.schema != schema) {
                best = index
            }
        }
        return slots[home].waiting <= slots[best].waiting + homeSlack ? home : best
    }

    /// `schema`'s home connection among `count`: FNV-1a of its name, the same in every process.
    static func home(of schema: String, among count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in schema.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(max(1, count)))
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
