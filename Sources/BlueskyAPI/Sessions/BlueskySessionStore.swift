import Foundation

/// Where sessions and past logins are kept between runs (PostgreSQL in the bot:
/// `PostgresBlueskySessionStore`), so that commands and restarts reuse a session
/// instead of logging in, and the login budget holds across processes.
/// `account` names one account on one service.
public protocol BlueskySessionStore: Sendable {
    func session(account: String) async throws -> BlueskySession?
    func save(_ session: BlueskySession, account: String) async throws
    /// Records a login attempt at `at` (before it is sent: a refused login counts too).
    func recordLogin(account: String, at: Date) async throws
    /// The login attempts since `since`.
    func logins(account: String, since: Date) async throws -> [Date]
    /// Runs `body` while no other process renews this account's session.
    func exclusively<T: Sendable>(account: String, _ body: @Sendable () async throws -> T) async throws -> T
}

/// A store in memory, for one process (tests, and commands that keep nothing).
public actor InMemoryBlueskySessionStore: BlueskySessionStore {
    private var sessions: [String: BlueskySession] = [:]
    private var loginTimes: [String: [Date]] = [:]
    private let turns = BlueskyAccountTurns()

    public init() {}

    public func session(account: String) -> BlueskySession? { sessions[account] }

    public func save(_ session: BlueskySession, account: String) { sessions[account] = session }

    public func recordLogin(account: String, at: Date) { loginTimes[account, default: []].append(at) }

    public func logins(account: String, since: Date) -> [Date] { (loginTimes[account] ?? []).filter { $0 >= since } }

    public func exclusively<T: Sendable>(account: String, _ body: @Sendable () async throws -> T) async throws -> T {
        try await turns.run(account, body)
    }
}
