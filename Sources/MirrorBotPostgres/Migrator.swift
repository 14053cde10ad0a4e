import Foundation
import MirrorBot
import Postgres

/// Applies `migrations/*.sql` in file-name order, each once, recording each in
/// `schema_migrations`. An advisory lock per schema keeps two processes migrating the
/// same schema from racing (bots in other schemas of the database migrate meanwhile);
/// each migration runs in its own transaction with its record.
public struct Migrator: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The migrations folder: `./migrations`, else next to the executable or in
    /// `../share/mirror-bot/migrations` beside it (installed layouts).
    public static func locateDirectory(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String = runningExecutablePath()
    ) -> URL? {
        let executableDirectory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: currentDirectory).appendingPathComponent("migrations"),
            executableDirectory.appendingPathComponent("migrations"),
            executableDirectory.appendingPathComponent("../share/mirror-bot/migrations").standardized,
        ]
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// This process's executable: `/proc/self/exe` on Linux, since `argv[0]` is only
    /// `mirror-bot` when the shell found it on PATH.
    public static func runningExecutablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
    }

    /// The `.sql` files, sorted by name.
    /// Listed by path: swift-corelibs-foundation lists a symbolic link to a folder, by URL, as empty.
    public func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// Applies what has not run yet; returns the names applied now. With `schema`, creates
    /// it first (the connection's `search_path` names it: every table lands there).
    @discardableResult
    public func migrate(_ connection: PostgresConnection, schema: String? = nil) async throws -> [String] {
        let scripts = try files().map { file in
            (file.lastPathComponent, try String(contentsOf: file, encoding: .utf8))
        }
        if let schema {
            // CREATE SCHEMA takes no parameters: the server quotes the name (%I), it is never spliced by us.
            let create = try await connection.query("SELECT format('CREATE SCHEMA IF NOT EXISTS %I', \(schema)::text) AS sql")
            try await connection.execute(unsafeSQL: try create.first?.decode("sql", as: String.self) ?? "SELECT 1")
        }
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name text PRIMARY KEY,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        try await connection.query("SELECT pg_advisory_lock(\(Self.lockKey), hashtext(current_schema()))")
        do {
            var applied: [String] = []
            let done = Set(try await connection.query("SELECT name FROM schema_migrations").compactMap { $0["name"] })
            for (name, sql) in scripts where !done.contains(name) {
                try await connection.transaction { tx in
                    do {
                        try tx.execute(unsafeSQL: sql)
                    } catch let error as PostgresError {
                        throw MigrationError(file: name, underlying: error)
                    }
                    try tx.query("INSERT INTO schema_migrations (name) VALUES (\(name))")
                }
                applied.append(name)
            }
            try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey), hashtext(current_schema()))")
            return applied
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey), hashtext(current_schema()))")
            throw error
        }
    }

    /// An arbitrary constant shared by every mirror-bot process (the lock's first key; the
    /// schema's hash is the second).
    static let lockKey: Int32 = 0x6D69_7272
}

/// A migration that failed, named by its file.
public struct MigrationError: Error, CustomStringConvertible {
    public let file: String
    public let underlying: PostgresError
    public var description: String { "migration \(file) failed: \(underlying)" }
}
