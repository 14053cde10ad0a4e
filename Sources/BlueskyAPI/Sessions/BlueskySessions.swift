import APIClientCore
import Clocks
import Foundation

/// One account's session: loaded from the store, created from the app password
/// only when there is none, renewed with the refresh token when the access token
/// expires, and created again only when refreshing is refused, never past the
/// login budget.
///
/// Renewals are single-flight in this process (concurrent callers wait for the
/// same renewal) and exclusive across processes (`BlueskySessionStore.exclusively`):
/// a process that finds the stored tokens already renewed by another takes them,
/// so two daemons never spend a refresh token twice.
///
/// A session is also renewed before use when its access token says (`exp`) it
/// expires within `renewalMargin`, so a call does not spend a round trip on `ExpiredToken`.
public actor BlueskySessions {
    /// Renew a session before use when its access token has less than this left
    /// (at most a quarter of the token's lifetime, so short-lived tokens are not renewed at every call).
    public static let renewalMargin: TimeInterval = 60

    public nonisolated let identifier: String
    /// The store's key: service and identifier.
    public nonisolated let account: String
    private let password: String
    private let store: any BlueskySessionStore
    private let core: APIClient<BlueskyDialect>
    private let budget: BlueskyLoginBudget
    private let clock: any BotClock
    private let events: @Sendable (BlueskySessionEvent) -> Void
    private var current: BlueskySession?
    private var pending: Task<BlueskySession, any Error>?
    /// The access token this process last received, and when: its lifetime when the token states no `iat`.
    private var received: (accessJwt: String, at: Date)?

    public init(
        identifier: String, password: String, store: any BlueskySessionStore, core: APIClient<BlueskyDialect>,
        budget: BlueskyLoginBudget = .bluesky, clock: any BotClock = SystemClock(),
        events: @escaping @Sendable (BlueskySessionEvent) -> Void = { _ in }
    ) {
        self.identifier = identifier
        self.password = password
        self.store = store
        self.core = core
        self.budget = budget
        self.clock = clock
        self.events = events
        let service = core.configuration.baseURL
        let host = service.host ?? service.absoluteString
        self.account = "\(host.lowercased()) \(identifier.lowercased())"
    }

    /// The session to use: this process's, else the stored one, else a new login.
    public func session() async throws -> BlueskySession {
        if let current { return current }
        if let pending { return try await pending.value }
        return try await run { sessions in
            try await sessions.store.exclusively(account: sessions.account) {
                if let stored = try await sessions.store.session(account: sessions.account) {
                    await sessions.adopt(stored)
                    return stored
                }
                return try await sessions.logIn()
            }
        }
    }

    /// The session to send a call with: `session()`, renewed first when its access token
    /// expires within the margin. When that renewal fails, the token (still valid for a
    /// moment) is used as it is, and an `ExpiredToken` answer renews it as usual.
    public func usableSession() async throws -> BlueskySession {
        let session = try await session()
        guard expiresSoon(session.accessJwt) else { return session }
        do {
            return try await renew(rejected: session.accessJwt)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return session
        }
    }

    /// Whether `accessJwt` expires within `renewalMargin` (at most a quarter of its lifetime, when known).
    func expiresSoon(_ accessJwt: String) -> Bool {
        guard let claims = BlueskyTokenClaims(jwt: accessJwt) else { return false }
        let issuedAt = claims.issuedAt ?? (received?.accessJwt == accessJwt ? received?.at : nil)
        let lifetime = issuedAt.map { claims.expiresAt.timeIntervalSince($0) }
        let margin = min(Self.renewalMargin, lifetime.map { max(0, $0) / 4 } ?? Self.renewalMargin)
        return claims.expiresAt.timeIntervalSince(clock.now()) < margin
    }

    /// A session whose access token is not `rejected`: another caller's renewal, the
    /// store's newer tokens, a refresh, or (when refreshing is refused) a new login.
    public func renew(rejected: String) async throws -> BlueskySession {
        if let pending, let session = try? await pending.value, session.accessJwt != rejected { return session }
        if let current, current.accessJwt != rejected { return current }
        return try await run { sessions in
            try await sessions.store.exclusively(account: sessions.account) {
                try await sessions.renewExclusively(rejected: rejected)
            }
        }
    }

    /// Runs `work` as the pending renewal, which concurrent callers wait for instead of starting their own.
    /// While one is pending no second starts: its outcome, a failure too, is every waiting caller's
    /// (two renewals at once would spend the same refresh token twice, and the second, refused,
    /// would log in; issue 23). The next call after a failed renewal starts a new one.
    private func run(_ work: @escaping @Sendable (BlueskySessions) async throws -> BlueskySession) async throws -> BlueskySession {
        if let pending { return try await pending.value }
        let task = Task { try await work(self) }
        pending = task
        defer { if pending == task { pending = nil } }
        let session = try await task.value
        current = session
        return session
    }

    private func adopt(_ session: BlueskySession) { current = session }

    private func renewExclusively(rejected: String) async throws -> BlueskySession {
        let stored = try await store.session(account: account)
        if let stored, stored.accessJwt != rejected {
            events(.adopted(handle: stored.handle))
            current = stored
            return stored
        }
        if let refreshJwt = (stored ?? current)?.refreshJwt {
            do {
                let renewed = BlueskySession(try await core.send(RefreshSession(), bearer: refreshJwt))
                try await store.save(renewed, account: account)
                events(.refreshed(handle: renewed.handle))
                received = (renewed.accessJwt, clock.now())
                current = renewed
                return renewed
            } catch let error as BlueskyAPIError where error.isAuthenticationRejection {
                events(.refreshRefused(detail: error.description))
            }
        }
        return try await logIn()
    }

    /// `createSession`, when the budget allows; the attempt is counted before it is sent.
    private func logIn() async throws -> BlueskySession {
        let now = clock.now()
        let past = try await store.logins(account: account, since: now.addingTimeInterval(-budget.horizon))
        if let refusal = budget.refusal(logins: past, now: now) {
            events(.loginRefused(until: BlueskyTimestamp.format(refusal.until), detail: refusal.detail))
            throw BlueskyAPIError.loginLimited(resetAt: refusal.until, detail: refusal.detail)
        }
        try await store.recordLogin(account: account, at: now)
        let created = BlueskySession(
            try await core.send(CreateSession(identifier: identifier, password: password), bearer: nil))
        try await store.save(created, account: account)
        events(.loggedIn(handle: created.handle, loginsToday: past.filter { $0 > now.addingTimeInterval(-86_400) }.count + 1))
        received = (created.accessJwt, clock.now())
        current = created
        return created
    }
}
