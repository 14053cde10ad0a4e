import Foundation
import Postgres

/// A private schema in the test database, so tests run in parallel without
/// seeing each other's rows. The URL it hands out sets `search_path` to it.
public struct TestDatabase: Sendable {
    public let schema: String
    public let url: String
    /// The server's URL without the schema (the suite's, or a test's private PostgreSQL).
    public var base: String?

    /// Creates a fresh, empty schema in the suite's database.
    public static func make() async throws -> TestDatabase { try await make(base: nil) }

    /// Creates a fresh, empty schema, in the suite's database unless `base` names another.
    public static func make(base given: String?) async throws -> TestDatabase {
        let base = try given ?? TestEnvironment.databaseURL()
        let schema = TestEnvironment.uniqueName("test")
        let admin = try await PostgresConnection(url: base)
        try await admin.execute(unsafeSQL: "CREATE SCHEMA \(schema)")
        let separator = base.contains("?") ? "&" : "?"
        return TestDatabase(schema: schema, url: base + separator + "options=-csearch_path%3D\(schema)", base: base)
    }

    public func connect() async throws -> PostgresConnection {
        try await PostgresConnection(url: url)
    }

    /// Drops the schema and everything in it.
    public func drop() async throws {
        let admin = try await PostgresConnection(url: try base ?? TestEnvironment.databaseURL())
        try await admin.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }
}
