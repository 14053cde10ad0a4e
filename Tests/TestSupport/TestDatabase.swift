import Foundation
import Postgres

/// A private schema in the test database, so tests run in parallel without
/// seeing each other's rows. The URL it hands out sets `search_path` to it.
public struct TestDatabase: Sendable {
    public let schema: String
    public let url: String

    /// Creates a fresh, empty schema.
    public static func make() async throws -> TestDatabase {
        let base = try TestEnvironment.databaseURL()
        let schema = TestEnvironment.uniqueName("test")
        let admin = try await PostgresConnection(url: base)
        try await admin.execute(unsafeSQL: "CREATE SCHEMA \(schema)")
        let separator = base.contains("?") ? "&" : "?"
        return TestDatabase(schema: schema, url: base + separator + "options=-csearch_path%3D\(schema)")
    }

    public func connect() async throws -> PostgresConnection {
        try await PostgresConnection(url: url)
    }

    /// Drops the schema and everything in it.
    public func drop() async throws {
        let admin = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        try await admin.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }
}
