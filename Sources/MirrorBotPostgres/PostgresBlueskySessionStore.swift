import BlueskyAPI
import Foundation
import Postgres

/// `BlueskySessionStore` in PostgreSQL: `bluesky_sessions` and `bluesky_logins`.
///
/// It opens its own connection on first use (commands build their networks
/// before they connect); one server session of it holds the session-level advisory
/// lock that makes one process at a time renew an account's session.
public actor PostgresBlueskySessionStore: BlueskySessionStore {
    public typealias Connect = @Sendable () async throws -> any PostgresClient

    private let connect: Connect
    private var connection: (any PostgresClient)?
    /// Callers in this process, one at a time per account.
    private let turns = BlueskyAccountTurns()
    /// How long `exclusively` waits for another process's renewal.
    let lockTimeout: Duration

    public init(lockTimeout: Duration = .seconds(90), connect: @escaping Connect) {
        self.connect = connect
        self.lockTimeout = lockTimeout
    }

    private func database() async throws -> any PostgresClient {
        if let connection { return connection }
        let opened: any PostgresClient
        do { opened = try await connect() } catch let error as PostgresError {
            throw PostgresError(kind: error.kind, message: "Bluesky sessions are kept in PostgreSQL: \(error.message)")
        }
        let migrated = try await opened.query("SELECT to_regclass('bluesky_sessions') IS NOT NULL AS ok").first?.decode("ok", as: Bool.self)
        guard migrated == true else {
            throw PostgresError(kind: .query, message: "Bluesky sessions are kept in PostgreSQL, which is not migrated: run 'mirror-bot migrate' first")
        }
        connection = opened
        return opened
    }

    public func session(account: String) async throws -> BlueskySession? {
        guard let row = try await database().query("""
            SELECT did, handle, access_jwt, refresh_jwt FROM bluesky_sessions WHERE account = \(account)
            """).first
        else { return nil }
        return BlueskySession(
            did: try row.decode("did"), handle: try row.decode("handle"), accessJwt: try row.decode("access_jwt"),
            refreshJwt: try row.decode("refresh_jwt"))
    }

    public func save(_ session: BlueskySession, account: String) async throws {
        try await database().query("""
            INSERT INTO bluesky_sessions (account, did, handle, access_jwt, refresh_jwt)
            VALUES (\(account), \(session.did), \(session.handle), \(session.accessJwt), \(session.refreshJwt))
            ON CONFLICT (account) DO UPDATE SET did = EXCLUDED.did, handle = EXCLUDED.handle, access_jwt = EXCLUDED.access_jwt,
                refresh_jwt = EXCLUDED.refresh_jwt, updated_at = now()
            """)
    }

    public func recordLogin(account: String, at date: Date) async throws {
        let connection = try await database()
        try await connection.query("INSERT INTO bluesky_logins (account, attempted_at) VALUES (\(account), \(date)::timestamptz)")
        try await connection.query("""
            DELETE FROM bluesky_logins WHERE account = \(account) AND attempted_at < \(date.addingTimeInterval(-2 * 86_400))::timestamptz
            """)
    }

    public func logins(account: String, since: Date) async throws -> [Date] {
        try await database().query("""
            SELECT attempted_at FROM bluesky_logins WHERE account = \(account) AND attempted_at >= \(since)::timestamptz
            ORDER BY attempted_at
            """).map { try $0.decode("attempted_at", as: Date.self) }
    }

    /// Holds `pg_advisory_lock` for the account (in this bot's schema) on one server session
    /// (this store's connection, pinned when it is a pool's) while `body` runs; waits for another holder up to `lockTimeout`.
    /// PostgreSQL's advisory locks are re-entrant within one connection, so callers in this
    /// process (the human's and the bot's sessions share the store) first take their turn
    /// here: without it two renewals of one account in one process would both hold the lock.
    public func exclusively<T: Sendable>(account: String, _ body: @Sendable () async throws -> T) async throws -> T {
        try await turns.run(account) { try await self.lockedInDatabase(account: account, body) }
    }

    private func lockedInDatabase<T: Sendable>(account: String, _ body: @Sendable () async throws -> T) async throws -> T {
        let lockTimeout = self.lockTimeout
        return try await database().withPinned { connection in
            let clock = ContinuousClock()
            let deadline = clock.now + lockTimeout
            while try await connection.query("""
                SELECT pg_try_advisory_lock(hashtext('mirror-bot bluesky session'), hashtext(current_schema() || ' ' || \(account))) AS ok
                """).first?.decode("ok", as: Bool.self) != true
            {
                guard clock.now < deadline else {
                    throw PostgresError(kind: .query, message: "another process has been renewing the Bluesky session of \(account) for too long")
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            do {
                let value = try await body()
                try await Self.unlock(account, connection)
                return value
            } catch {
                try? await Self.unlock(account, connection)
                throw error
            }
        }
    }

    private static func unlock(_ account: String, _ connection: any PostgresClient) async throws {
        try await connection.query("""
            SELECT pg_advisory_unlock(hashtext('mirror-bot bluesky session'), hashtext(current_schema() || ' ' || \(account)))
            """)
    }
}
