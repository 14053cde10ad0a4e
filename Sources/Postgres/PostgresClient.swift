/// What a store needs of PostgreSQL: statements, transactions, and now and then one server
/// session held for a while. A `PostgresConnection` is one; so is a `PooledConnection`, a
/// schema's share of a `PostgresPool`.
public protocol PostgresClient: Sendable {
    /// Runs one statement with bound parameters and returns every row.
    @discardableResult
    func query(_ query: PostgresQuery) async throws -> [PostgresRow]

    /// Runs raw SQL that may hold several statements (migrations). No parameters.
    func execute(unsafeSQL sql: String) async throws

    /// Runs `body` inside BEGIN/COMMIT on one server session; any thrown error rolls back and is rethrown.
    func transaction<T: Sendable>(_ body: @Sendable (isolated PostgresConnection) throws -> T) async throws -> T

    /// Runs `body` with a client whose every statement goes to one server session, kept open
    /// until `body` returns, so what a session holds (a session-level advisory lock) is taken and
    /// released on the same one.
    func withPinned<T: Sendable>(_ body: @Sendable (any PostgresClient) async throws -> T) async throws -> T
}

extension PostgresConnection: PostgresClient {
    public nonisolated func withPinned<T: Sendable>(_ body: @Sendable (any PostgresClient) async throws -> T) async throws -> T {
        try await body(self)
    }
}
