import Foundation
import MirrorBotPostgres
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
