import Foundation
import MirrorBot
import MirrorBotPostgres
import TestSupport
import Testing

@Suite("mirror-bot as a process")
struct CommandLineEndToEndTests {
    @Test("--help prints the overview on stdout and exits 0")
    func help() throws {
        let result = try BinaryRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("OVERVIEW:"))
        #expect(result.stderr.isEmpty)
    }

    @Test("an unknown subcommand is a usage error on stderr, exit 64")
    func unknownSubcommand() throws {
        let result = try BinaryRunner.run(["fly"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: unknown subcommand 'fly'"))
        #expect(result.stdout.isEmpty)
    }

    @Test("'schedule --=' and 'start -=- --=' are usage errors, exit 64, not signal 4 (issue 15)")
    func emptyOptionName() throws {
        for arguments in [["schedule", "--="], ["start", "-=-", "--="]] {
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: "), "\(arguments)")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments)")
        }
    }

    @Test("a Mastodon export with a malformed note is refused: exit 65, the file and the item named, nothing stored (issue 15)")
    func malformedMastodonExport() async throws {
        let database = try await TestDatabase.make()
        let env = ["DATABASE_URL": database.url]
        #expect(try BinaryRunner.run(["migrate"], environment: env).status == 0)
        let actor = MastodonExportFixture.actor
        let folder = try MastodonExportFixture(items: [
            .note(id: "1", published: "2023-01-01T12:00:00Z", html: "<p>fine</p>"),
            .raw("""
                {"type": "Create", "object": {"id": "\(actor)/statuses/2", "type": "Note", "published": "yesterday-ish"}}
                """),
        ]).write()
        let result = try BinaryRunner.run(["import", folder.path], environment: env)
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        let outbox = folder.appendingPathComponent("outbox.json").path
        #expect(result.stderr == "Error: \(outbox), orderedItems[1]: the note \(actor)/statuses/2 has no \"content\"\n")
        let connection = try await database.connect()
        #expect(try await connection.query("SELECT count(*) AS n FROM posts").first?.decode("n", as: Int.self) == 0)
        try await database.drop()
    }

    @Test("an export with items and not one note: exit 65, one line naming the file and what it found, nothing stored (issue 22)")
    func nothingImportable() async throws {
        let database = try await TestDatabase.make()
        let env = ["DATABASE_URL": database.url]
        #expect(try BinaryRunner.run(["migrate"], environment: env).status == 0)
        let folder = try MastodonExportFixture(items: [
            .raw(#"{"type": "Like", "object": "https://other.social/users/bob/statuses/1"}"#),
            .boost(id: "2", published: "2024-01-02T00:00:00Z", of: "https://other.social/users/bob/statuses/2"),
        ]).write()
        let result = try BinaryRunner.run(["import", folder.path], environment: env)
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        let outbox = folder.appendingPathComponent("outbox.json").path
        #expect(result.stderr == "Error: \(outbox): 2 items, 0 of them notes (1 boosts, 1 Like): nothing to import\n")
        #expect(!result.stdout.contains("Imported"))
        try await database.drop()
    }

    @Test("a malformed variable is one line naming it, exit 78")
    func badVariable() throws {
        let result = try BinaryRunner.run(["migrate"], environment: ["POST_LIMIT": "lots"])
        #expect(result.status == 78)
        #expect(result.stderr == "Error: POST_LIMIT is invalid: expected a whole number, got \"lots\"\n")
    }

    @Test("an unreachable database is a clear error without the password")
    func unreachableDatabase() throws {
        let result = try BinaryRunner.run(["migrate"], environment: ["DATABASE_URL": "postgres://bot:TopSecret1@127.0.0.1:1/x"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("PostgreSQL connection failed"))
        #expect(!result.stderr.contains("TopSecret1"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("migrate twice: the second run applies nothing")
    func migrateTwice() async throws {
        let database = try await TestDatabase.make()
        let env = ["DATABASE_URL": database.url]
        let first = try BinaryRunner.run(["migrate"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("event=migration_applied file=001_create_posts.sql"))
        let second = try BinaryRunner.run(["migrate"], environment: env)
        #expect(second.status == 0)
        #expect(second.stdout.contains("event=migrations_done applied=0"))
        #expect(!second.stdout.contains("migration_applied"))
        try await database.drop()
    }

    @Test("schedule --days --seed --json gives the same plans for the same seed, one line a day")
    func scheduleSimulation() async throws {
        let database = try await TestDatabase.make()
        let env = ["DATABASE_URL": database.url, "TIME_ZONE": "Asia/Tokyo"]
        #expect(try BinaryRunner.run(["migrate"], environment: env).status == 0)
        let connection = try await database.connect()
        let store = try await PostgresPostStore.open(connection: connection, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")), limit: 1000)
        try await store.store((0..<30).map { index in
            Post(id: "\(index)", text: "投稿 \(index)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 20_000))
        })
        let first = try BinaryRunner.run(["schedule", "--days", "5", "--seed", "11", "--json"], environment: env)
        let second = try BinaryRunner.run(["schedule", "--days", "5", "--seed", "11", "--json"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let times = try #require(object?["times"] as? [String])
            #expect(times == times.sorted())
            #expect((object?["date"] as? String)?.count == 10)
        }
        let text = try BinaryRunner.run(["schedule"], environment: env)
        #expect(text.status == 0)
        #expect(text.stdout.contains("Posting rhythm (30 posts"))
        #expect(text.stdout.contains("█"))
        try await database.drop()
    }
}
