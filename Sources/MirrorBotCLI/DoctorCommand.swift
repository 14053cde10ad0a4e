import Foundation
import MeCab
import MirrorBot
import MirrorBotPostgres
import Postgres
import Redis

/// `mirror-bot doctor`: checks each part the bot needs, one line each, and
/// says what is wrong. Exit 0 when every check passes, 1 otherwise.
struct DoctorCommand: Command {
    static let name = "doctor"
    static let abstract = "Check PostgreSQL, Redis, the MeCab dictionary and both accounts' credentials."
    static let usage = "mirror-bot doctor"
    static let help = """
        USAGE: \(usage)

        Prints one line per check (ok or FAIL, and why): PostgreSQL and its
        migrations, Redis (and how it is reached: plain TCP, or TLS and whether
        its certificate was verified), the MeCab dictionary, the human's and the
        bot's credentials (GET /2/users/me on X). Exits 1 when any check fails.
        """

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, usage: Self.usage)
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.positionals[0])'", usage: Self.usage)
        }
    }

    struct Check: Sendable {
        let name: String
        let run: @Sendable () async throws -> String
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let services = Services(configuration: configuration, log: .silent)
        let redactor = Redactor(secrets: configuration.secrets)
        let network = configuration.network.rawValue
        let checks = [
            Check(name: "postgresql") { try await Self.checkDatabase(configuration, context: context) },
            Check(name: "redis") { try await Self.checkRedis(configuration) },
            Check(name: "mecab") { try Self.checkMeCab(configuration) },
            Check(name: "\(network) human") { try await Self.describe(services.humanNetwork().me()) },
            Check(name: "\(network) bot") { try await Self.describe(services.botNetwork().me()) },
        ]
        var failures = 0
        for check in checks {
            let label = check.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            do {
                context.output("ok    \(label) \(try await check.run())")
            } catch {
                failures += 1
                let reason = redactor.redact(String(describing: error)).replacingOccurrences(of: "\n", with: " ")
                context.output("FAIL  \(label) \(reason)")
            }
        }
        context.output(failures == 0 ? "All checks passed." : "\(failures) check\(failures == 1 ? "" : "s") failed.")
        return failures == 0 ? 0 : 1
    }

    static func checkDatabase(_ configuration: Configuration, context: CommandContext) async throws -> String {
        let connection = try await Services.connect(configuration)
        let version = try await connection.query("SHOW server_version").first?["server_version"] ?? "?"
        let hasTable = try await connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS ok").first?.decode("ok", as: Bool.self)
        let applied = hasTable == true
            ? Set(try await connection.query("SELECT name FROM schema_migrations").compactMap { $0["name"] }) : []
        guard let folder = Migrator.locateDirectory(currentDirectory: context.currentDirectory) else {
            return "PostgreSQL \(version), \(applied.count) migrations applied (migrations folder not found to compare)"
        }
        let pending = try Migrator(directory: folder).files().map(\.lastPathComponent).filter { !applied.contains($0) }
        guard pending.isEmpty else {
            throw DoctorProblem("PostgreSQL \(version) reachable, but \(pending.count) migration(s) not applied: run 'mirror-bot migrate'")
        }
        return "PostgreSQL \(version), \(applied.count) migrations applied"
    }

    /// PING, and how the answer came: "plain TCP", "TLS 1.3, certificate verified for HOST",
    /// or "TLS 1.3, certificate not verified (REDIS_TLS_VERIFY=none)".
    static func checkRedis(_ configuration: Configuration) async throws -> String {
        let redis = try await Services(configuration: configuration, log: .silent).redis()
        let pong = try await redis.send(["PING"])
        guard case .status("PONG") = pong else { throw DoctorProblem("unexpected answer to PING: \(pong)") }
        var route = await redis.security?.description ?? "a connection that closed"
        if case .tls(_, nil)? = await redis.security { route += " (REDIS_TLS_VERIFY=none)" }
        return "PING answered over \(route); key prefix \"\(configuration.redisKeyPrefix)\""
    }

    static func checkMeCab(_ configuration: Configuration) throws -> String {
        let tokenizer = try MeCabTokenizer(dictionaryPath: configuration.mecabDictionary)
        let nouns = tokenizer.tokenize("東京の天気").filter { $0.partOfSpeech == "名詞" }.map(\.surface)
        guard nouns == ["東京", "天気"] else {
            throw DoctorProblem("the dictionary at \(tokenizer.dictionaryPath) does not look like ipadic (got \(nouns))")
        }
        return "dictionary \(tokenizer.dictionaryPath)"
    }

    static func describe(_ account: Account) -> String {
        "@\(account.username) (id \(account.id))"
    }
}

struct DoctorProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
