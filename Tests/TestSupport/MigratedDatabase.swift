import Foundation
import MirrorBotPostgres
import Postgres

/// A migrated private schema for one test.
public struct MigratedDatabase: Sendable {
    public let database: TestDatabase
    public let connection: PostgresConnection

    public static func make() async throws -> MigratedDatabase {
        let database = try await TestDatabase.make()
        let connection = try await database.connect()
        try await Migrator(directory: try Self.migrationsDirectory()).migrate(connection)
        return MigratedDatabase(database: database, connection: connection)
    }

    public static func migrationsDirectory() throws -> URL {
        // Tests/TestSupport/<file> -> repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("migrations")
    }
}
