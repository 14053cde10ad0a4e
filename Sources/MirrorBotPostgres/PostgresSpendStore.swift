import MirrorBot
import MirrorBotSpend
import Postgres

/// `SpendStore` in PostgreSQL: `api_spend` (migration 014), one row a UTC day and endpoint.
public struct PostgresSpendStore: SpendStore {
    public let connection: PostgresConnection

    public init(connection: PostgresConnection) {
        self.connection = connection
    }

    public func addSpend(_ line: SpendLine, day: String) async throws {
        try await connection.query("""
            INSERT INTO api_spend (day, endpoint, requests, resources, dollars)
            VALUES (\(day)::date, \(line.endpoint), \(line.requests), \(line.resources), \(line.dollars))
            ON CONFLICT (day, endpoint) DO UPDATE SET requests = api_spend.requests + EXCLUDED.requests,
                resources = api_spend.resources + EXCLUDED.resources, dollars = api_spend.dollars + EXCLUDED.dollars,
                updated_at = now()
            """)
    }

    public func spend(day: String) async throws -> [SpendLine] {
        try await connection.query("""
            SELECT endpoint, requests, resources, dollars FROM api_spend WHERE day = \(day)::date ORDER BY endpoint
            """).map { row in
            SpendLine(
                endpoint: try row.decode("endpoint"), requests: try row.decode("requests"), resources: try row.decode("resources"),
                dollars: try row.decode("dollars"))
        }
    }
}
