import Foundation
import JSONLines
import MirrorBot
import MirrorBotPostgres
import Postgres

/// `mirror-bot bot`: the bots a `mirror-bot host` runs, registered in PostgreSQL.
struct BotCommand: Command {
    static let name = "bot"
    static let abstract = "Register, list, pause, resume or remove the bots that `mirror-bot host` runs."
    static let usage = "mirror-bot bot add NAME --env-file FILE | list | pause NAME | resume NAME | remove NAME | exec NAME SUBCOMMAND... | doctor | migrate"
    static let help = """
        USAGE: \(usage)

        The bots of `mirror-bot host`, kept in DATABASE_URL (the table bots, in DATABASE_SCHEMA).
        Each bot's variables (its accounts, network, time zone and settings) are sealed with
        HOST_SECRET_KEY (32 bytes: openssl rand -base64 32) and opened only by a host.

          add NAME --env-file FILE   register a bot from an env file written by `mirror-bot setup`
                                     or `login` ('-': standard input; DATABASE_URL, REDIS_URL and
                                     STATUS_PORT are the host's, not read from it); migrates the
                                     bot's schema bot_NAME
          list                       every bot: network, time zone, state, which host runs it
          pause NAME / resume NAME   stop running a bot (its host lets it go within a round) / again
          remove NAME                unregister a bot (its schema and Redis keys are kept)
          exec NAME SUBCOMMAND...    run a subcommand (import, train, doctor, schedule, classify,
                                     optout) as that bot, e.g. mirror-bot bot exec alice import archive.zip
          doctor                     `mirror-bot doctor` for every bot in turn, paused ones too;
                                     exits 1 when any bot's doctor failed
          migrate                    the registry and every bot's schema (after an upgrade: add
                                     migrates a new bot, not the bots already added); exits 1
                                     when any bot's migrate failed
        """

    enum Action: Equatable {
        case add(name: String, envFile: String)
        case list
        case setState(name: String, RegisteredBot.State)
        case remove(name: String)
        case exec(name: String, arguments: [String])
        case doctorAll
        case migrateAll
    }

    var action: Action

    init(arguments: [String]) throws {
        guard let verb = arguments.first else { throw UsageError("missing what to do (add, list, pause, resume, remove, exec, doctor, migrate)", usage: Self.usage) }
        let rest = Array(arguments.dropFirst())
        func name(_ positionals: [String]) throws -> String {
            guard let name = positionals.first else { throw UsageError("'\(verb)' needs a bot's name", usage: Self.usage) }
            guard RegisteredBot.isValidName(name) else { throw UsageError(HostError.badName(name).description, usage: Self.usage) }
            return name
        }
        switch verb {
        case "exec":
            let bot = try name(rest)
            guard rest.count >= 2 else { throw UsageError("'exec' needs a subcommand to run as \(bot)", usage: Self.usage) }
            guard !["bot", "host", "start", "setup", "login"].contains(rest[1]) else {
                throw UsageError("'\(rest[1])' is not run through 'bot exec'", usage: Self.usage)
            }
            action = .exec(name: bot, arguments: Array(rest.dropFirst()))
            return
        case "doctor":
            guard rest.isEmpty else { throw UsageError("'doctor' checks every bot; for one: mirror-bot bot exec NAME doctor", usage: Self.usage) }
            action = .doctorAll
            return
        case "migrate":
            guard rest.isEmpty else { throw UsageError("'migrate' migrates every bot; for one: mirror-bot bot exec NAME migrate", usage: Self.usage) }
            action = .migrateAll
            return
        case "add", "list", "pause", "resume", "remove":
            break
        default:
            throw UsageError("unknown action '\(verb)' (add, list, pause, resume, remove, exec, doctor, migrate)", usage: Self.usage)
        }
        let parsed = try Arguments(rest, options: verb == "add" ? ["env-file"] : [], usage: Self.usage)
        let expected = verb == "list" ? 0 : 1
        guard parsed.positionals.count <= expected else {
            throw UsageError("unexpected argument '\(parsed.positionals[expected])'", usage: Self.usage)
        }
        switch verb {
        case "add":
            guard let file = parsed.option("env-file") else { throw UsageError("'add' needs --env-file FILE", usage: Self.usage) }
            action = .add(name: try name(parsed.positionals), envFile: file)
        case "list": action = .list
        case "pause": action = .setState(name: try name(parsed.positionals), .paused)
        case "resume": action = .setState(name: try name(parsed.positionals), .active)
        default: action = .remove(name: try name(parsed.positionals))
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let connection = try await Services.connect(configuration)
        let migrations = try Self.migrations(context)
        try await PostgresBotRegistry.migrate(connection, migrations: migrations, schema: configuration.databaseSchema)
        let registry = PostgresBotRegistry(connection: connection)
        switch action {
        case .add(let name, let envFile):
            try await add(name, envFile: envFile, registry: registry, configuration: configuration, migrations: migrations, context: context)
        case .list:
            let bots = try await registry.bots()
            context.output(Self.table(bots))
        case .setState(let name, let state):
            guard try await registry.setState(name, state) else { throw HostError.noSuchBot(name) }
            context.output(state == .paused ? "Paused \(name): its host lets it go at its next round." : "Resumed \(name).")
        case .remove(let name):
            guard try await registry.remove(name) else { throw HostError.noSuchBot(name) }
            context.output("""
                Removed \(name). Its posts and plans are kept in schema \(RegisteredBot.schema(of: name)), its classifier \
                under Redis keys \(RegisteredBot.redisPrefix(of: name))*.
                """)
        case .exec(let name, let arguments):
            guard let bot = try await registry.bot(named: name) else { throw HostError.noSuchBot(name) }
            switch try MirrorBotCLI.parse(arguments) {
            case .help(let text):
                context.output(text)
                return 0
            case .run(let command):
                return try await Self.run(command, as: bot, box: try Self.box(context), context: context)
            }
        case .doctorAll:
            return try await Self.forEveryBot(registry, "doctor", context: context) { try DoctorCommand(arguments: []) }
        case .migrateAll:
            // The registry is migrated above.
            return try await Self.forEveryBot(registry, "migrate", context: context) { try MigrateCommand(arguments: []) }
        }
        return 0
    }

    /// `command` run as every bot in turn, paused ones too; 1, naming the bots it failed for, when any did.
    static func forEveryBot(
        _ registry: PostgresBotRegistry, _ what: String, context: CommandContext, _ command: () throws -> any Command
    ) async throws -> Int32 {
        let box = try Self.box(context)
        var failed: [String] = []
        for bot in try await registry.bots() {
            context.output("== \(bot.name) (\(bot.network), \(bot.state.rawValue))")
            if try await Self.run(try command(), as: bot, box: box, context: context) != 0 { failed.append(bot.name) }
        }
        guard failed.isEmpty else {
            context.output("\(what) failed for \(failed.count) bot(s): \(failed.joined(separator: ", "))")
            return 1
        }
        return 0
    }

    /// `command` run as `bot`: its opened variables over the host's environment. An error is said
    /// here, with the bot's secrets redacted (the caller knows only the host's), and gives the status.
    static func run(_ command: any Command, as bot: RegisteredBot, box: SecretBox, context: CommandContext) async throws -> Int32 {
        var inner = context
        do {
            inner.environment = try BotVariables.opened(bot, with: box).environment(host: context.environment, name: bot.name)
            return try await command.run(inner)
        } catch {
            let message = ErrorMessage(error, secrets: (try? inner.configuration().secrets) ?? [])
            FileHandle.standardError.write(Data((message.text + "\n").utf8))
            return message.exitCode
        }
    }

    private func add(
        _ name: String, envFile: String, registry: PostgresBotRegistry, configuration: Configuration, migrations: URL,
        context: CommandContext
    ) async throws {
        let variables = try await BotVariables(envFile: envFile, context: context)
        guard variables.values["NETWORK"] != nil || variables.values["HUMAN_CONSUMER_KEY"] != nil else {
            throw InputError(
                file: envFile == "-" ? "standard input" : envFile, message: "holds no bot: no NETWORK and no X keys (write it with mirror-bot setup)")
        }
        // The bot's configuration as a host will build it: a variable missing or malformed is named now.
        let environment = variables.environment(host: context.environment, name: name)
        let bot = try Configuration(environment: environment)
        _ = try Services(configuration: bot, log: context.logger(bot)).networks()
        let box = try Self.box(context)
        if try await registry.bot(named: name) != nil { throw HostError.exists(name) }
        let own = try await Services.connect(bot)
        try await Migrator(directory: migrations).migrate(own, schema: bot.databaseSchema)
        let row = RegisteredBot(
            name: name, network: bot.network.rawValue, timeZone: bot.timeZone.identifier,
            sealedSettings: try variables.sealed(for: name, with: box), keyID: box.keyID)
        guard try await registry.add(row) else { throw HostError.exists(name) }
        context.output("""
            Added \(name) (\(bot.network.rawValue), \(bot.timeZone.identifier)): its tables in schema \(row.schema), its \
            classifier under Redis keys \(RegisteredBot.redisPrefix(of: name))*.
            Give it the human's history: mirror-bot bot exec \(name) import FILE (or train), then run mirror-bot host.
            """)
    }

    static func box(_ context: CommandContext) throws -> SecretBox {
        guard let key = context.environment["HOST_SECRET_KEY"], !key.isEmpty else {
            throw ConfigurationError.missing(variable: "HOST_SECRET_KEY")
        }
        return try SecretBox(encodedKey: key)
    }

    static func migrations(_ context: CommandContext) throws -> URL {
        guard let found = Migrator.locateDirectory(currentDirectory: context.currentDirectory) else {
            throw InputError(file: "migrations", message: "no migrations folder found (looked in ./migrations and beside the executable)")
        }
        return found
    }

    /// The bots as a table: name, network, time zone, state, and the host that runs each.
    static func table(_ bots: [RegisteredBot]) -> String {
        guard !bots.isEmpty else { return "No bots. Add one: mirror-bot bot add NAME --env-file FILE" }
        let rows = [["NAME", "NETWORK", "TIME ZONE", "STATE", "HOST", "LEASE UNTIL"]] + bots.map { bot in
            [bot.name, bot.network, bot.timeZone, bot.state.rawValue, bot.leasedBy ?? "-",
             bot.leaseUntil.map { ISO8601DateFormatter().string(from: $0) } ?? "-"]
        }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
