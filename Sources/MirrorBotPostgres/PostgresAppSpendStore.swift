import MirrorBot
import MirrorBotSpend
import Postgres

/// `AppSpendStore` in a host's registry (migration `host_027`): one row of `x_app_spend` an app
/// and UTC day, shared by the app's bots on every host. The app's budget is the smallest
/// `x_daily_budget_usd` of the registered bots of the app (`bots.x_app`) and this bot's own: a
/// claim is one `INSERT ... ON CONFLICT DO UPDATE ... WHERE`, so two claims of one app never pass
/// the budget together, whichever hosts make them.
public struct PostgresAppSpendStore: AppSpendStore {
    /// A connection whose `search_path` is the registry's schema.
    public let connection: any PostgresClient
    /// The app: the hex SHA-256 of its consumer key.
    public let app: String
    /// This bot's own budget (`X_DAILY_BUDGET_USD`), in force even before `join` records it.
    public let budget: Double?

    public init(connection: any PostgresClient, app: String, budget: Double?) {
        self.connection = connection
        self.app = app
        self.budget = budget
    }

    /// Records in the registry that bot `name` is of this app, with its budget; false when no bot
    /// of that name is registered.
    @discardableResult
    public func join(bot name: String) async throws -> Bool {
        try await connection.query("""
            UPDATE bots SET x_app = \(app), x_daily_budget_usd = \(budget) WHERE name = \(name) RETURNING name
            """).count == 1
    }

    /// The app's budget: the smallest of its registered bots' and this bot's (NULLs ignored).
    private var budgetSQL: PostgresQuery {
        "SELECT LEAST(\(budget)::float8, (SELECT min(x_daily_budget_usd) FROM bots WHERE x_app = \(app))) AS budget"
    }

    public func standing(day: String) async throws -> AppSpend {
        let rows = try await connection.query("""
            SELECT coalesce((SELECT dollars FROM x_app_spend WHERE app = \(app) AND day = \(day)::date), 0) AS spent,
                (\(fragment: budgetSQL)) AS budget
            """)
        return try Self.standing(rows.first, day: day)
    }

    public func add(_ dollars: Double, day: String) async throws -> AppSpend {
        let rows = try await connection.query("""
            WITH added AS (
                INSERT INTO x_app_spend AS s (app, day, dollars) VALUES (\(app), \(day)::date, \(dollars))
                ON CONFLICT (app, day) DO UPDATE SET dollars = s.dollars + EXCLUDED.dollars, updated_at = now()
                RETURNING dollars
            )
            SELECT (SELECT dollars FROM added) AS spent, (\(fragment: budgetSQL)) AS budget
            """)
        return try Self.standing(rows.first, day: day)
    }

    public func claim(_ dollars: Double, day: String) async throws -> AppSpendClaim {
        // The row lock ON CONFLICT takes serializes the app's claims; its WHERE reads the row as
        // the last committed claim left it. No row back: refused.
        let rows = try await connection.query("""
            WITH app AS (\(fragment: budgetSQL)), claimed AS (
                INSERT INTO x_app_spend AS s (app, day, dollars)
                SELECT \(app), \(day)::date, \(dollars)::float8 FROM app WHERE app.budget IS NULL OR \(dollars)::float8 <= app.budget
                ON CONFLICT (app, day) DO UPDATE SET dollars = s.dollars + EXCLUDED.dollars, updated_at = now()
                WHERE (SELECT budget FROM app) IS NULL OR s.dollars + EXCLUDED.dollars <= (SELECT budget FROM app)
                RETURNING dollars
            )
            SELECT (SELECT dollars FROM claimed) AS spent, (SELECT budget FROM app) AS budget
            """)
        let row = rows.first
        guard let spent: Double = try row?.decodeIfPresent("spent") else {
            return AppSpendClaim(granted: false, standing: try await standing(day: day))
        }
        return AppSpendClaim(granted: true, standing: AppSpend(day: day, spent: spent, budget: try row?.decodeIfPresent("budget")))
    }

    public func refund(_ dollars: Double, day: String) async throws -> AppSpend {
        try await connection.query("""
            UPDATE x_app_spend SET dollars = greatest(0, dollars - \(dollars)), updated_at = now() WHERE app = \(app) AND day = \(day)::date
            """)
        return try await standing(day: day)
    }

    private static func standing(_ row: PostgresRow?, day: String) throws -> AppSpend {
        AppSpend(day: day, spent: try row?.decodeIfPresent("spent") ?? 0, budget: try row?.decodeIfPresent("budget"))
    }
}
