import Foundation
import JSONLines
import MirrorBotPostgres

/// A hosted bot's variables: what is kept sealed in its row, and the environment it runs with
/// (the host's shared services, then the bot's own variables, then its schema and Redis prefix).
struct BotVariables: Sendable, Equatable {
    /// The host's, never a bot's: where the shared services are, and what serves one process.
    static let hostOnly: Set<String> = [
        "DATABASE_URL", "DATABASE_SCHEMA", "REDIS_URL", "REDISTOGO_URL", "REDIS_KEY_PREFIX", "REDIS_TLS_VERIFY",
        "REDIS_TLS_CA_FILE", "STATUS_PORT", "PORT", "STATUS_BIND", "HEARTBEAT_FILE", "MECAB_DICDIR",
    ]

    let values: [String: String]

    /// The variables of an env file (as `setup` and `login` write it) kept for a bot: the host's
    /// own, and `HOST_…`, left out.
    init(file: [String: String]) {
        values = file.filter { !Self.hostOnly.contains($0.key) && !$0.key.hasPrefix("HOST_") }
    }

    /// The variables of the env file at `path` (relative to the current directory), or of
    /// standard input when `path` is `-` (`docker compose run -T` and `kubectl exec -i` pipe it in).
    init(envFile path: String, context: CommandContext) async throws {
        var text = ""
        if path == "-" {
            while let line = await context.input() { text += line + "\n" }
        } else {
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory))
            guard let read = try? String(contentsOfFile: url.path, encoding: .utf8) else { throw InputError(file: path, message: "cannot be read") }
            text = read
        }
        self.init(file: EnvFile(text: text).values)
    }

    /// The environment the bot named `name` runs with: the host's environment without any
    /// account's variables (`HUMAN_…`, `BOT_…`) or `HOST_…`, the bot's variables over it, and its
    /// own schema and Redis prefix last.
    func environment(host: [String: String], name: String) -> [String: String] {
        var environment = host.filter { key, _ in
            !key.hasPrefix("HUMAN_") && !key.hasPrefix("BOT_") && !key.hasPrefix("HOST_") && key != "STATUS_PORT" && key != "PORT"
                && key != "HEARTBEAT_FILE"
        }
        environment.merge(values) { _, bot in bot }
        environment["DATABASE_SCHEMA"] = RegisteredBot.schema(of: name)
        environment["REDIS_KEY_PREFIX"] = RegisteredBot.redisPrefix(of: name)
        return environment
    }

    /// Sealed for `name` under `box`.
    func sealed(for name: String, with box: SecretBox) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try box.seal(Array(try encoder.encode(values)), for: name)
    }

    /// A bot's row opened with `box`; a row sealed under another key names both keys' ids.
    static func opened(_ bot: RegisteredBot, with box: SecretBox) throws -> BotVariables {
        guard bot.keyID == box.keyID else { throw HostError.otherKey(bot: bot.name, sealedWith: bot.keyID, hostKey: box.keyID) }
        let bytes = try box.open(bot.sealedSettings, for: bot.name)
        guard let values = try? JSONDecoder().decode([String: String].self, from: Data(bytes)) else {
            throw SecretBoxError.refused
        }
        return BotVariables(opened: values)
    }

    private init(opened values: [String: String]) {
        self.values = values
    }
}

/// What a host or `bot` command cannot do, in one line.
enum HostError: Error, Equatable, CustomStringConvertible {
    case otherKey(bot: String, sealedWith: String, hostKey: String)
    case noSuchBot(String)
    case exists(String)
    case badName(String)

    var description: String {
        switch self {
        case .otherKey(let bot, let sealed, let host):
            return "bot \(bot) was sealed with key \(sealed); HOST_SECRET_KEY is key \(host)"
        case .noSuchBot(let name): return "no bot named \(name) (mirror-bot bot list)"
        case .exists(let name): return "a bot named \(name) exists (mirror-bot bot remove \(name) first)"
        case .badName(let name):
            return "'\(name)' is not a bot name: a lowercase letter, then up to 39 lowercase letters, digits or _"
        }
    }
}
