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

    /// The environment of a command run on a fresh migrated schema (`classify` and `train` record
    /// what the classifier learns in PostgreSQL).
    public static func environment() async throws -> [String: String] {
        ["DATABASE_URL": try await make().database.url]
    }

    public static func migrationsDirectory() throws -> URL {
        // Tests/TestSupport/<file> -> repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("migrations")
    }

    /// A private schema as an older version left it: only the migrations whose file names sort
    /// before `name`, and those named in `also` (applied by name, as the migrator does).
    public static func make(before name: String, also: Set<String> = []) async throws -> MigratedDatabase {
        let database = try await TestDatabase.make()
        let connection = try await database.connect()
        _ = try await migrate(connection, only: { $0 < name || also.contains($0) })
        return MigratedDatabase(database: database, connection: connection)
    }

    /// Applies only the migrations whose file names `include` takes, from a copy of them in a
    /// temporary folder; returns the names applied, in order.
    public static func migrate(_ connection: PostgresConnection, only include: (String) -> Bool) async throws -> [String] {
        let all = try migrationsDirectory()
        let older = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("mig"))
        try FileManager.default.createDirectory(at: older, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: older) }
        for file in try Migrator(directory: all).files() where include(file.lastPathComponent) {
            try FileManager.default.copyItem(at: file, to: older.appendingPathComponent(file.lastPathComponent))
        }
        return try await Migrator(directory: older).migrate(connection)
    }
}
