import Foundation
@testable import MirrorBotCLI
import MirrorBotPostgres
import Postgres
import Synchronization
import TestSupport
import Testing

@Suite("SecretBox: a bot's variables sealed with AES-256-GCM")
struct SecretBoxTests {
    let box = try! SecretBox(key: Array(0..<32))

    @Test("what is sealed for a bot opens for it, and the sealed text shows none of it")
    func roundTrip() throws {
        let secret = Array("HUMAN_MASTODON_TOKEN=t0ps3cr3t".utf8)
        let sealed = try box.seal(secret, for: "alice")
        #expect(try box.open(sealed, for: "alice") == secret)
        #expect(!sealed.contains("t0ps3cr3t"))
        let raw = Data(base64Encoded: sealed)!
        #expect(raw.count == 12 + secret.count + 16)
        #expect(raw.range(of: Data("t0ps3cr3t".utf8)) == nil)
        // A fresh nonce each time: the same settings never seal to the same text.
        #expect(try box.seal(secret, for: "alice") != sealed)
    }

    @Test("another bot's name, another key, or one altered byte: refused, nothing read")
    func refusals() throws {
        let sealed = try box.seal(Array("x".utf8), for: "alice")
        #expect(throws: SecretBoxError.refused) { try box.open(sealed, for: "bob") }
        #expect(throws: SecretBoxError.refused) { try SecretBox(key: Array(1...32)).open(sealed, for: "alice") }
        var bytes = [UInt8](Data(base64Encoded: sealed)!)
        bytes[13] ^= 1
        #expect(throws: SecretBoxError.refused) { try box.open(Data(bytes).base64EncodedString(), for: "alice") }
        #expect(throws: SecretBoxError.refused) { try box.open("not base64!", for: "alice") }
    }

    @Test("HOST_SECRET_KEY as base64 or hex gives the same key and id; any other length is a configuration error")
    func keys() throws {
        let bytes = [UInt8](repeating: 7, count: 32)
        let base64 = try SecretBox(encodedKey: Data(bytes).base64EncodedString())
        let hex = try SecretBox(encodedKey: String(repeating: "07", count: 32))
        #expect(base64.keyID == hex.keyID && base64.keyID.count == 16)
        #expect(base64.keyID != box.keyID)
        #expect(throws: ConfigurationError.self) { try SecretBox(encodedKey: Data(bytes.prefix(16)).base64EncodedString()) }
        #expect(throws: ConfigurationError.self) { try SecretBox(encodedKey: "") }
    }
}

@Suite("mirror-bot bot, with real PostgreSQL")
struct BotCommandTests {
    static let key = Data([UInt8](repeating: 42, count: 32)).base64EncodedString()
    static let root = try! MigratedDatabase.migrationsDirectory().deletingLastPathComponent().path

    /// A Mastodon bot's env file as `setup` writes it (with the host's own variables in it too).
    static func envFile(token: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bot-\(UUID().uuidString).env").path
        try """
            DATABASE_URL=postgres://elsewhere/ignored
            REDIS_URL=redis://elsewhere:1
            NETWORK=mastodon
            MASTODON_BASE_URL=https://mastodon.example
            HUMAN_MASTODON_TOKEN=human-\(token)
            BOT_MASTODON_TOKEN=bot-\(token)
            TIME_ZONE=Asia/Tokyo
            POST_MEDIA=text
            """.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Runs `mirror-bot bot …` as a host's operator would: the host's environment, the repository as the folder.
    /// `input`: what standard input gives, a line at a time.
    static func run(_ arguments: [String], _ environment: [String: String], input: [String] = []) async throws -> [String] {
        let lines = Mutex<[String]>([])
        let typed = Mutex(input[...])
        let context = CommandContext(environment: environment, currentDirectory: root, input: { typed.withLock { $0.popFirst() } }, output: { line in
            lines.withLock { $0.append(line) }
        })
        guard case .run(let command) = try MirrorBotCLI.parse(["bot"] + arguments) else { Issue.record("not a command"); return [] }
        #expect(try await command.run(context) == 0)
        return lines.withLock { $0 }
    }

    @Test("add seals the bot's variables (no token readable in the row), migrates its schema; list, pause, resume, remove")
    func lifecycle() async throws {
        let database = try await TestDatabase.make()
        defer { Task { try? await database.drop() } }
        let name = "t" + String(UUID().uuidString.prefix(8)).lowercased().filter { $0.isLetter || $0.isNumber }
        let environment = ["DATABASE_URL": database.url, "REDIS_URL": try TestEnvironment.redisURL(), "HOST_SECRET_KEY": Self.key]
        let added = try await Self.run(["add", name, "--env-file", try Self.envFile(token: "s3cr3t-token")], environment)
        #expect(added.joined().contains("schema bot_\(name)"))
        defer { Task { try? await (try? database.connect())?.execute(unsafeSQL: "DROP SCHEMA IF EXISTS bot_\(name) CASCADE") } }

        let connection = try await database.connect()
        let row = try #require(try await PostgresBotRegistry(connection: connection).bot(named: name))
        #expect(row.network == "mastodon" && row.timeZone == "Asia/Tokyo" && row.state == .active)
        let dump = try await connection.query("SELECT bots::text AS t FROM bots").map { $0["t"] ?? "" }.joined()
        #expect(!dump.contains("s3cr3t-token") && !dump.contains("mastodon.example"))
        // Opened with the key: the bot's own variables, not the file's DATABASE_URL or REDIS_URL.
        let variables = try BotVariables.opened(row, with: try SecretBox(encodedKey: Self.key))
        #expect(variables.values["BOT_MASTODON_TOKEN"] == "bot-s3cr3t-token")
        #expect(variables.values["DATABASE_URL"] == nil && variables.values["REDIS_URL"] == nil)
        let runAs = variables.environment(host: environment.merging(["BOT_MASTODON_TOKEN": "the host's"]) { $1 }, name: name)
        #expect(runAs["DATABASE_URL"] == database.url && runAs["BOT_MASTODON_TOKEN"] == "bot-s3cr3t-token")
        #expect(runAs["DATABASE_SCHEMA"] == "bot_\(name)" && runAs["REDIS_KEY_PREFIX"] == "mirror-bot:\(name):")
        #expect(runAs["HOST_SECRET_KEY"] == nil)
        let migrated = try await connection.query("SELECT to_regclass(\("bot_\(name).posts")) IS NOT NULL AS ok").first?.decode("ok", as: Bool.self)
        #expect(migrated == true)

        let listed = try await Self.run(["list"], environment)
        #expect(listed.joined(separator: "\n").contains(name) && listed.joined().contains("Asia/Tokyo"))
        #expect(!listed.joined().contains("s3cr3t"))
        _ = try await Self.run(["pause", name], environment)
        #expect(try await PostgresBotRegistry(connection: connection).bot(named: name)?.state == .paused)
        _ = try await Self.run(["resume", name], environment)
        #expect(try await PostgresBotRegistry(connection: connection).bot(named: name)?.state == .active)
        // exec runs a subcommand as the bot: its opt-out list lands in the bot's schema.
        _ = try await Self.run(["exec", name, "optout", "add", "@someone"], environment)
        let optOuts = try await connection.query(PostgresQuery(unsafeSQL: "SELECT count(*)::int AS n FROM bot_\(name).opt_outs"))
        #expect(try optOuts.first?.decode("n", as: Int.self) == 1)
        _ = try await Self.run(["remove", name], environment)
        #expect(try await PostgresBotRegistry(connection: connection).bots().isEmpty)
    }

    @Test("add reads the env file from standard input with '-'; migrate applies the migrations to every bot's schema, as after an upgrade")
    func migrateEvery() async throws {
        let database = try await TestDatabase.make()
        defer { Task { try? await database.drop() } }
        let names = (1...2).map { "m\($0)" + String(UUID().uuidString.prefix(8)).lowercased().filter { $0.isLetter || $0.isNumber } }
        let environment = ["DATABASE_URL": database.url, "REDIS_URL": try TestEnvironment.redisURL(), "HOST_SECRET_KEY": Self.key]
        let connection = try await database.connect()
        for name in names {
            let file = try Self.envFile(token: name)
            // The second from standard input, as `docker compose run -T host mirror-bot bot add NAME --env-file - < FILE`.
            if name == names[1] {
                let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
                _ = try await Self.run(["add", name, "--env-file", "-"], environment, input: lines)
            } else {
                _ = try await Self.run(["add", name, "--env-file", file], environment)
            }
            // As if the image brought migrations the bot never had.
            try await connection.execute(unsafeSQL: "DROP SCHEMA bot_\(name) CASCADE")
        }
        defer { Task { for name in names { try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS bot_\(name) CASCADE") } } }

        let registry = PostgresBotRegistry(connection: connection)
        #expect(try await registry.bot(named: names[1])?.network == "mastodon")
        let lines = try await Self.run(["migrate"], environment)
        for name in names {
            #expect(lines.contains { $0.hasPrefix("== \(name) (mastodon, active)") }, "\(lines)")
            let migrated = try await connection.query("SELECT to_regclass(\("bot_\(name).posts")) IS NOT NULL AS ok").first?.decode("ok", as: Bool.self)
            #expect(migrated == true)
        }
        let applied = "SELECT count(*)::int AS n FROM bot_\(names[0]).schema_migrations"
        let before = try await connection.query(PostgresQuery(unsafeSQL: applied)).first?.decode("n", as: Int.self)
        _ = try await Self.run(["migrate"], environment)
        #expect(try await connection.query(PostgresQuery(unsafeSQL: applied)).first?.decode("n", as: Int.self) == before)
    }

    @Test("a file that names no bot, a bad name, a missing key, a bot sealed with another key: each one line")
    func refusals() async throws {
        #expect(throws: UsageError.self) { try BotCommand(arguments: ["add", "Alice", "--env-file", "x"]) }
        #expect(throws: UsageError.self) { try BotCommand(arguments: ["add", "alice"]) }
        #expect(throws: UsageError.self) { try BotCommand(arguments: ["exec", "alice", "host"]) }
        #expect(throws: UsageError.self) { try BotCommand(arguments: ["frobnicate"]) }
        #expect(throws: UsageError.self) { try BotCommand(arguments: ["migrate", "alice"]) }
        #expect(try BotCommand(arguments: ["migrate"]).action == .migrateAll)
        #expect(try BotCommand(arguments: ["exec", "alice", "import", "--jsonl", "f"]).action
            == .exec(name: "alice", arguments: ["import", "--jsonl", "f"]))
        let row = RegisteredBot(name: "alice", network: "x", timeZone: "UTC", sealedSettings: "", keyID: "0123456789abcdef")
        #expect(throws: HostError.self) { try BotVariables.opened(row, with: try SecretBox(encodedKey: Self.key)) }
        let database = try await TestDatabase.make()
        defer { Task { try? await database.drop() } }
        let context = CommandContext(environment: ["DATABASE_URL": database.url], currentDirectory: Self.root, input: { nil }, output: { _ in })
        await #expect(throws: ConfigurationError.missing(variable: "HOST_SECRET_KEY")) {
            try await BotCommand(arguments: ["add", "alice", "--env-file", try Self.envFile(token: "t")]).run(context)
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).env").path
        try "# nothing\n".write(toFile: empty, atomically: false, encoding: .utf8)
        var keyed = context
        keyed.environment["HOST_SECRET_KEY"] = Self.key
        await #expect(throws: (any Error).self) { try await BotCommand(arguments: ["add", "alice", "--env-file", empty]).run(keyed) }
    }
}
