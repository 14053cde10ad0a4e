import Foundation
import JSONLines
import MirrorBot
import MirrorBotPostgres
import Postgres

/// `mirror-bot migrate`: applies migrations/*.sql to DATABASE_URL, each once.
struct MigrateCommand: Command {
    static let name = "migrate"
    static let abstract = "Apply migrations/*.sql to DATABASE_URL, each once."
    static let usage = "mirror-bot migrate [--dir PATH]"
    static let help = helpText(
        """
        OPTIONS:
          --dir PATH   the migrations folder (default: ./migrations, or the one installed beside the binary)
        """)

    var directory: String?

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["dir"], usage: Self.usage)
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.positionals[0])'", usage: Self.usage)
        }
        directory = parsed.option("dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let log = context.logger(configuration)
        let folder: URL
        if let directory {
            folder = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: context.currentDirectory))
        } else if let found = Migrator.locateDirectory(currentDirectory: context.currentDirectory) {
            folder = found
        } else {
            throw InputError(file: "migrations", message: "no migrations folder found (looked in ./migrations and beside the executable)")
        }
        let connection = try await Services.connect(configuration)
        let applied = try await Migrator(directory: folder).migrate(connection, schema: configuration.databaseSchema)
        for name in applied {
            log.info("migration_applied", ["file": name])
        }
        log.info("migrations_done", ["applied": applied.count])
        return 0
    }
}
