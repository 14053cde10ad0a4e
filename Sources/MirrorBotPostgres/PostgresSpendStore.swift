import MirrorBot
import MirrorBotSpend
import Postgres

/// `SpendStore` in PostgreSQL: `api_spend` (migration 014), one row a UTC day and endpoint, and
/// `api_paid_reads` (migration 022), one row a post read that UTC day.
public struct PostgresSpendStore: SpendStore {
    public let connection: any PostgresClient

    public init(connection: any PostgresClient) {
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

    public func firstReads(of ids: [String], day: String) async throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        try await connection.query("DELETE FROM api_paid_reads WHERE day < \(day)::date")
        return Set(try await connection.query("""
            INSERT INTO api_paid_reads (day, post_id)
            SELECT \(day)::date, unnest(string_to_array(\(ids.joined(separator: "\n")), chr(10)))
            ON CONFLICT (day, post_id) DO NOTHING
            RETURNING post_id
            """).map { try $0.decode("post_id", as: String.self) })
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
