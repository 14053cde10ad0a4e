import Synchronization

/// A few connections to one database shared by many schemas: a host's bots each see their
/// own schema through a `PooledConnection`, and all of them together hold `size` server
/// connections.
///
/// Each schema has two connections of its own among them (two hashes of its name): a statement
/// goes to the first unless that has more than `homeSlack` statements waiting beyond the second,
/// so no statement queues long behind another schema's slow one. That connection sets
/// `search_path` first when it names another schema. Each server process caches the catalogs
/// (tables, indexes, trigger functions; about 630 KB a bot's schema) of every schema it serves
/// and never lets them go, so two connections a schema keep each process to twice its share,
/// where statements free to go anywhere would in time bring every schema to every process; and a
/// session that has served `schemasPerSession` schemas is opened anew before it serves another
/// (unless something is held in it), which bounds each process whatever the number of schemas.
/// A transaction runs whole on one connection. Waiting for a connection is waiting in its actor's
/// queue: no thread blocks. A connection connects on its first statement and reconnects after it
/// was lost, as any `PostgresConnection` does.
public final class PostgresPool: Sendable {
    public let size: Int
    private let connections: [PostgresConnection]
    private let slots: Mutex<[Slot]>

    private struct Slot {
        var waiting = 0
    }

    /// `size` connections (at least one) to `url`, none opened yet. A statement waits at most
    /// `lockTimeoutSeconds` for a lock and runs at most `statementTimeoutSeconds`: one schema's
    /// table locked by a migration or an import fails that schema's statement, and never holds
    /// the statements of the others queued behind it for longer. A server session serves at most
    /// `schemasPerSession` schemas (the default keeps a server process near 0.7 GB of
    /// catalogs).
    public init(
        url: String, size: Int, lockTimeoutSeconds: Int = 10, statementTimeoutSeconds: Int = 120,
        schemasPerSession: Int = PostgresPool.schemasPerSession
    ) {
        self.size = max(1, size)
        connections = (0..<self.size).map { _ in
            PostgresConnection(
                lazyURL: url, lockTimeoutSeconds: lockTimeoutSeconds, statementTimeoutSeconds: statementTimeoutSeconds,
                schemasPerSession: schemasPerSession)
        }
        slots = Mutex(Array(repeating: Slot(), count: self.size))
    }

    /// `schema`'s view of the pool.
    public func client(schema: String) -> PooledConnection {
        PooledConnection(pool: self, schema: schema, pinned: nil)
    }

    /// Schemas a server session serves before it is opened anew, by default.
    public static let schemasPerSession = 1_000

    /// How many statements wait on or run in each connection now (for a status page).
    public var waiting: [Int] { slots.withLock { $0.map(\.waiting) } }

    /// How many times the connections opened a new session to let go of the schemas they had served.
    public func renewals() async -> Int {
        var total = 0
        for connection in connections { total += await connection.renewals }
        return total
    }

    /// Runs `body` on the connection `choose` picks (or on `pinned`'s), counted while it runs.
    func lend<T: Sendable>(
        _ schema: String, pinned: Int?, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let index = slots.withLock { slots in
            let chosen = pinned ?? Self.choose(slots, schema: schema)
            slots[chosen].waiting += 1
            return chosen
        }
        defer { slots.withLock { $0[index].waiting -= 1 } }
        return try await body(connections[index])
    }

    /// The index of a connection to pin: the one a statement would go to now.
    func pin(_ schema: String) -> Int {
        slots.withLock { Self.choose($0, schema: schema) }
    }

    /// Runs `body` with connection `index` held: its session is not opened anew meanwhile.
    func holding<T: Sendable>(_ index: Int, _ body: () async throws -> T) async throws -> T {
        let connection = connections[index]
        await connection.hold()
        do {
            let value = try await body()
            await connection.release()
            return value
        } catch {
            await connection.release()
            throw error
        }
    }

    /// Statements a schema's first connection may have waiting beyond its second and still be taken.
    static let homeSlack = 2

    /// The connection for a statement of `schema`: its home unless that has more than
    /// `homeSlack` waiting beyond its second; then the second.
    private static func choose(_ slots: [Slot], schema: String) -> Int {
        let (home, second) = Self.homes(of: schema, among: slots.count)
        return slots[home].waiting <= slots[second].waiting + homeSlack ? home : second
    }

    /// `schema`'s two connections among `count` (the same one twice when `count` is 1): FNV-1a
    /// of its name, and of its name after a NUL, the same in every process.
    static func homes(of schema: String, among count: Int) -> (Int, Int) {
        let home = Self.home(of: schema, among: count)
        guard count > 1 else { return (home, home) }
        // The second among the other `count - 1`, so it is never the first.
        let other = Int(fnv1a(Array(schema.utf8) + [0]) % UInt64(count - 1))
        return (home, other < home ? other : other + 1)
    }

    /// `schema`'s home connection among `count`: FNV-1a of its name, the same in every process.
    static func home(of schema: String, among count: Int) -> Int {
        Int(fnv1a(Array(schema.utf8)) % UInt64(max(1, count)))
    }

    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
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

    public func withPinned<T: Sendable>(_ body: @Sendable (any PostgresClient) async throws -> T) async throws -> T {
        if pinned != nil { return try await body(self) }
        let index = pool.pin(schema)
        return try await pool.holding(index) {
            try await body(PooledConnection(pool: pool, schema: schema, pinned: index))
        }
    }
}
