import Foundation
import Postgres

/// A bot registered with the hosts (`bots`, migrations/host): what `mirror-bot host` runs.
public struct RegisteredBot: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable {
        case active, paused
    }

    public var name: String
    public var network: String
    public var timeZone: String
    public var state: State
    /// Every variable of the bot, sealed (`SecretBox`): base64 of nonce, ciphertext and tag.
    public var sealedSettings: String
    /// Which key sealed them (the first 16 hex digits of its SHA-256).
    public var keyID: String
    public var leasedBy: String?
    public var leaseUntil: Date?
    /// How many times the bot has changed hands.
    public var leaseEpoch: Int
    /// When it first learned its human on a host (`markLearned`); nil: never yet.
    public var learnedAt: Date?

    public init(
        name: String, network: String, timeZone: String, state: State = .active, sealedSettings: String, keyID: String,
        leasedBy: String? = nil, leaseUntil: Date? = nil, leaseEpoch: Int = 0, learnedAt: Date? = nil
    ) {
        self.learnedAt = learnedAt
        self.name = name
        self.network = network
        self.timeZone = timeZone
        self.state = state
        self.sealedSettings = sealedSettings
        self.keyID = keyID
        self.leasedBy = leasedBy
        self.leaseUntil = leaseUntil
        self.leaseEpoch = leaseEpoch
    }

    /// A bot's name: a lowercase letter, then up to 39 lowercase letters, digits or `_` (it
    /// names the bot's schema and Redis prefix).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 40 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The PostgreSQL schema of the bot's own tables.
    public var schema: String { Self.schema(of: name) }
    public static func schema(of name: String) -> String { "bot_\(name)" }
    /// The prefix of the bot's classifier keys in Redis.
    public static func redisPrefix(of name: String) -> String { "mirror-bot:\(name):" }
}

/// What one host holds after a round: its bots, and the share it aimed at.
public struct HostRound: Sendable, Equatable {
    public var held: [RegisteredBot]
    /// The active bots over the live hosts, rounded up, at most the host's own limit.
    public var share: Int
    public var liveHosts: Int
    public var activeBots: Int
}

/// The registry of bots and their leases in PostgreSQL (issue 42). Hosts share the bots with
/// no coordinator of their own: each round, a host says it is alive, keeps its leases, takes
/// free or expired ones up to its fair share (row locks, `SKIP LOCKED`: two hosts never take the
/// same bot), and gives back what is over its share. Time is the database's (`now()`), so the
/// hosts' clocks never disagree about a lease.
public struct PostgresBotRegistry: Sendable {
    public let connection: PostgresConnection

    public init(connection: PostgresConnection) {
        self.connection = connection
    }

    /// The host's tables: the `host` folder of the migrations (the bots' own migrations are
    /// the folder's `.sql` files; this folder is not among them).
    @discardableResult
    public static func migrate(_ connection: PostgresConnection, migrations: URL, schema: String? = nil) async throws -> [String] {
        try await Migrator(directory: migrations.appendingPathComponent("host")).migrate(connection, schema: schema)
    }

    static let columns = "name, network, time_zone, state, settings, key_id, leased_by, lease_until, lease_epoch, learned_at"

    static func bot(_ row: PostgresRow) throws -> RegisteredBot {
        guard let state = RegisteredBot.State(rawValue: try row.decode("state")) else {
            throw PostgresError(kind: .decoding, message: "column \"state\" is not a bot's state")
        }
        return RegisteredBot(
            name: try row.decode("name"), network: try row.decode("network"), timeZone: try row.decode("time_zone"), state: state,
            sealedSettings: try row.decode("settings"), keyID: try row.decode("key_id"), leasedBy: row["leased_by"],
            leaseUntil: try row.decodeIfPresent("lease_until"), leaseEpoch: try row.decode("lease_epoch"),
            learnedAt: try row.decodeIfPresent("learned_at"))
    }

    /// The schema the registry's tables are in: its connection's `current_schema()`.
    public func schema() async throws -> String {
        try await connection.query("SELECT current_schema() AS schema").first?.decode("schema") ?? "public"
    }

    /// Registers a bot; false when one of that name exists.
    @discardableResult
    public func add(_ bot: RegisteredBot) async throws -> Bool {
        try await connection.query("""
            INSERT INTO bots (name, network, time_zone, state, settings, key_id)
            VALUES (\(bot.name), \(bot.network), \(bot.timeZone), \(bot.state.rawValue), \(bot.sealedSettings), \(bot.keyID))
            ON CONFLICT (name) DO NOTHING RETURNING name
            """).count == 1
    }

    /// Every bot, by name.
    public func bots() async throws -> [RegisteredBot] {
        try await connection.query(PostgresQuery(unsafeSQL: "SELECT \(Self.columns) FROM bots ORDER BY name")).map(Self.bot)
    }

    public func bot(named name: String) async throws -> RegisteredBot? {
        try await connection.query(PostgresQuery(unsafeSQL: "SELECT \(Self.columns) FROM bots WHERE name = $1", binds: [name]))
            .first.map(Self.bot)
    }

    /// Pauses or resumes a bot; false when there is none of that name. A paused bot's lease is
    /// given back at its host's next round.
    @discardableResult
    public func setState(_ name: String, _ state: RegisteredBot.State) async throws -> Bool {
        try await connection.query("UPDATE bots SET state = \(state.rawValue) WHERE name = \(name) RETURNING name").count == 1
    }

    /// Records that the bot has learned its human (its first learning round on a host done), once:
    /// hosts that take it later start it at once. False when there is no such bot or it was recorded.
    @discardableResult
    public func markLearned(_ name: String) async throws -> Bool {
        try await connection.query("UPDATE bots SET learned_at = now() WHERE name = \(name) AND learned_at IS NULL RETURNING name").count == 1
    }

    /// Removes a bot from the registry (its schema and Redis keys are left as they are); false when there is none.
    @discardableResult
    public func remove(_ name: String) async throws -> Bool {
        try await connection.query("DELETE FROM bots WHERE name = \(name) RETURNING name").count == 1
    }

    /// One round of `host`: alive now; its leases renewed; free or expired ones taken up to its
    /// share; the rest, and paused bots, given back. Returns what it holds, by name.
    public func round(host: String, leaseSeconds: Int, maxBots: Int) async throws -> HostRound {
        let columns = Self.columns
        return try await connection.transaction { tx in
            let ttl = "\(leaseSeconds) seconds"
            try tx.query("""
                INSERT INTO hosts (name, seen_at) VALUES (\(host), now())
                ON CONFLICT (name) DO UPDATE SET seen_at = now()
                """)
            // Hosts not seen for a day are gone for good.
            try tx.query("DELETE FROM hosts WHERE seen_at < now() - interval '1 day'")
            let live = try tx.query("SELECT count(*)::int AS n FROM hosts WHERE seen_at > now() - \(ttl)::interval")
                .first?.decode("n", as: Int.self) ?? 1
            let active = try tx.query("SELECT count(*)::int AS n FROM bots WHERE state = 'active'").first?.decode("n", as: Int.self) ?? 0
            let share = min(maxBots, (active + max(live, 1) - 1) / max(live, 1))
            // Given back: paused bots, and those past the share (the last by name, so the same ones each round).
            try tx.query("""
                UPDATE bots SET leased_by = NULL, lease_until = NULL
                WHERE leased_by = \(host) AND (state <> 'active' OR name NOT IN (
                    SELECT name FROM bots WHERE leased_by = \(host) AND state = 'active' ORDER BY name LIMIT \(share)))
                """)
            let kept = try tx.query("""
                UPDATE bots SET lease_until = now() + \(ttl)::interval WHERE leased_by = \(host) RETURNING name
                """).count
            if kept < share {
                try tx.query("""
                    UPDATE bots SET leased_by = \(host), lease_until = now() + \(ttl)::interval, lease_epoch = lease_epoch + 1
                    WHERE name IN (
                        SELECT name FROM bots
                        WHERE state = 'active' AND (leased_by IS NULL OR lease_until < now())
                        ORDER BY lease_until NULLS FIRST, name
                        LIMIT \(share - kept)
                        FOR UPDATE SKIP LOCKED)
                    """)
            }
            let held = try tx.query(PostgresQuery(
                unsafeSQL: "SELECT \(columns) FROM bots WHERE leased_by = $1 ORDER BY name", binds: [host])).map(Self.bot)
            return HostRound(held: held, share: share, liveHosts: live, activeBots: active)
        }
    }

    /// Gives back every lease of `host` and forgets it (a clean shutdown): the others take its bots
    /// at their next round rather than after the lease runs out. Returns the bots given back.
    @discardableResult
    public func release(host: String) async throws -> Int {
        try await connection.transaction { tx in
            let released = try tx.query("UPDATE bots SET leased_by = NULL, lease_until = NULL WHERE leased_by = \(host) RETURNING name").count
            try tx.query("DELETE FROM hosts WHERE name = \(host)")
            return released
        }
    }
}
