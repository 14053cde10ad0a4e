import Foundation
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

@Suite("Migrator's files")
struct MigratorTests {
    @Test("a migrations folder reached through a symbolic link lists its .sql files, sorted, as the folder itself does")
    func symbolicLink() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("migrator-\(UUID().uuidString)")
        let real = root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["002_b.sql", "001_a.sql", "README.md"] {
            try "SELECT 1;".write(to: real.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let link = root.appendingPathComponent("migrations")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

        #expect(try Migrator(directory: real).files().map(\.lastPathComponent) == ["001_a.sql", "002_b.sql"])
        #expect(try Migrator(directory: link).files().map(\.lastPathComponent) == ["001_a.sql", "002_b.sql"])
    }
}

@Suite("Migrator's lock, with real PostgreSQL")
struct MigratorLockTests {
    @Test("a schema being migrated holds back only another migration of that schema: bots in other schemas migrate meanwhile")
    func lockPerSchema() async throws {
        let migrator = Migrator(directory: try MigratedDatabase.migrationsDirectory())
        let busy = try await TestDatabase.make()
        let other = try await TestDatabase.make()
        defer { Task { try? await busy.drop(); try? await other.drop() } }
        // Another process migrating `busy`: the same two keys the migrator takes (its constant, the schema's hash).
        let holder = try await busy.connect()
        try await holder.execute(unsafeSQL: "SELECT pg_advisory_lock(1835627122, hashtext(current_schema()))")

        let applied = try await migrator.migrate(try await other.connect())
        #expect(applied.count == (try migrator.files().count))

        let waiting = Task { try await migrator.migrate(try await busy.connect()).count }
        try await Task.sleep(for: .seconds(1))
        let schema = try await holder.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'posts'")
        #expect(try schema.first?.decode("n", as: Int.self) == 0, "migrated while another process held the schema's lock")
        try await holder.execute(unsafeSQL: "SELECT pg_advisory_unlock(1835627122, hashtext(current_schema()))")
        #expect(try await waiting.value == applied.count)
    }
}
