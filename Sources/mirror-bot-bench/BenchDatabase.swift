import Foundation
import JSONLines
import MirrorBot
import MirrorBotPostgres
import Postgres

/// A fresh, migrated schema in DATABASE_URL for one benchmark run, dropped afterwards.
struct BenchDatabase {
    let baseURL: String
    let schema: String
    let connection: PostgresConnection

    static func make(url: String) async throws -> BenchDatabase {
        let schema = "bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let admin = try await PostgresConnection(url: url)
        try await admin.execute(unsafeSQL: "CREATE SCHEMA \(schema)")
        let separator = url.contains("?") ? "&" : "?"
        let connection = try await PostgresConnection(url: url + separator + "options=-csearch_path%3D\(schema)")
        guard let migrations = Migrator.locateDirectory() else {
            throw InputError(file: "migrations", message: "no migrations folder: run from the repository root")
        }
        try await Migrator(directory: migrations).migrate(connection)
        return BenchDatabase(baseURL: url, schema: schema, connection: connection)
    }

    func drop() async throws {
        let admin = try await PostgresConnection(url: baseURL)
        try await admin.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }
}
