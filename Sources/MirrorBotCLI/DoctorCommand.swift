import Foundation
import LogLines
import MastodonAPI
import MeCab
import MirrorBot
import MirrorBotBluesky
import MirrorBotMastodon
import MirrorBotMisskey
import MisskeyAPI
import MirrorBotPostgres
import MirrorBotRedis
import MirrorBotX
import Postgres
import Redis
import XAPI

/// `mirror-bot doctor`: checks each part the bot needs, one line each, and
/// says what is wrong. Exit 0 when every check passes, 1 otherwise.
struct DoctorCommand: Command {
    static let name = "doctor"
    static let abstract = "Check PostgreSQL, Redis, the MeCab dictionary and both accounts' credentials."
    static let usage = "mirror-bot doctor"
    static let help = helpText(
        """
        Prints one line per check (ok or FAIL, and why): PostgreSQL and its
        migrations, Redis (and how it is reached: plain TCP, or TLS and whether
        its certificate was verified), the MeCab dictionary, the human's and the
        bot's credentials (GET /2/users/me on X), and what the take-backs keep
        (withdrawn sources, deleted copies, opted-out people). A `warn` line says
        when the bot account does not say it is a bot (X: its bio; Bluesky's `bot`
        self-label; Mastodon's and Misskey's bot flag). Exits 1 when any check fails.
        """)

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, usage: Self.usage)
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.positionals[0])'", usage: Self.usage)
        }
    }

    struct Check: Sendable {
        let name: String
        let run: @Sendable () async throws -> Outcome

        init(name: String, run: @escaping @Sendable () async throws -> String) {
            self.name = name
            self.run = { .ok(try await run()) }
        }

        init(name: String, outcome: @escaping @Sendable () async throws -> Outcome) {
            self.name = name
            self.run = outcome
        }
    }

    /// A check that passed, perhaps with something to fix all the same.
    enum Outcome: Sendable {
        case ok(String)
        case warning(String, warning: String)
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
            Check(name: "classifier") { try await Self.checkClassifier(configuration) },
            Check(name: "\(network) human") { try await Self.describe(services.network(.human).me()) },
            Check(name: "\(network) bot", outcome: { try await Self.checkBot(services.network(.bot)) }),
            Check(name: "take-backs") { try await Self.checkTakeBacks(configuration) },
        ]
        var failures = 0
        var warnings = 0
        // As wide as the longest name ("mastodon human"), so no label is cut.
        let width = checks.map(\.name.count).max() ?? 0
        for check in checks {
            let label = check.name.padding(toLength: width, withPad: " ", startingAt: 0)
            do {
                switch try await check.run() {
                case .ok(let line):
                    context.output("ok    \(label) \(line)")
                case .warning(let line, let warning):
                    warnings += 1
                    context.output("ok    \(label) \(line)")
                    context.output("warn  \(label) \(warning)")
                }
            } catch {
                failures += 1
                let reason = redactor.redact(String(describing: error)).replacingOccurrences(of: "\n", with: " ")
                context.output("FAIL  \(label) \(reason)")
            }
        }
        let warned = warnings == 0 ? "" : " (\(warnings) warning\(warnings == 1 ? "" : "s"))"
        context.output(failures == 0 ? "All checks passed\(warned)." : "\(failures) check\(failures == 1 ? "" : "s") failed\(warned).")
        return failures == 0 ? 0 : 1
    }

    /// The bot's credentials, and whether the account says it is a bot where the network asks for it.
    static func checkBot(_ bot: any SocialNetwork) async throws -> Outcome {
        let account = try await bot.me()
        let line = describe(account)
        switch bot {
        case let bluesky as BlueskyNetwork:
            let labeled = try await bluesky.profile(of: account.id).isSelfLabeledBot
            return labeled ? .ok(line + ", labeled bot") : .warning(line, warning: """
                the bot account lacks Bluesky's bot self-label, which Bluesky's bot guidelines ask for: \
                add {"val":"bot"} to the labels of its profile record (see docs/BLUESKY.md)
                """)
        case let mastodon as MastodonNetwork:
            return try await checkMastodonBot(mastodon, line: line)
        case let x as XNetwork:
            let bio = try await x.client.send(GetMe(userFields: "description,username")).data?.description ?? ""
            return AutomationDisclosure.says(bio) ? .ok(line + ", bio says it is automated") : .warning(line, warning: """
                the bot's bio does not say it is automated: X's guidelines for automated accounts ask for a bio \
                that says so and names who runs it (e.g. "Automated mirror of @you, run by @you"), and for the \
                "Automated" label in the account's settings (not visible through the API: set it yourself)
                """)
        case let misskey as MisskeyNetwork:
            let flagged = try await misskey.client.send(GetI()).isBot == true
            return flagged ? .ok(line + ", marked as a bot") : .warning(line, warning: """
                the bot account is not marked as a bot (Settings → Profile → This account is a bot); \
                misskey.io's rules require it for automated accounts
                """)
        default:
            return .ok(line)
        }
    }

    /// The take-backs' totals, once the migrations that keep them are applied.
    static func checkTakeBacks(_ configuration: Configuration) async throws -> String {
        let connection = try await Services.connect(configuration)
        let ready = try await connection.query("SELECT to_regclass('opt_outs') IS NOT NULL AND to_regclass('deleted_copies') IS NOT NULL AS ok")
            .first?.decode("ok", as: Bool.self)
        guard ready == true else { return "not counted yet: run 'mirror-bot migrate'" }
        let withdrawals = PostgresWithdrawalStore(connection: connection)
        let counts = try await TakeBackTally(
            withdrawals: withdrawals, copies: withdrawals, optOuts: PostgresOptOutStore(connection: connection), log: .silent
        ).counts()
        return "\(counts.withdrawnSources) withdrawn source(s), \(counts.deletedCopies) deleted cop\(counts.deletedCopies == 1 ? "y" : "ies"), "
            + "\(counts.optedOut) opted-out \(counts.optedOut == 1 ? "person" : "people")"
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

    /// What the classifier holds, never answering 0 for counts Redis lost: whole (how many posts
    /// learned), empty, or missing (how many examples PostgreSQL keeps; `start` or `classify` rebuilds them).
    static func checkClassifier(_ configuration: Configuration) async throws -> String {
        let journal = PostgresClassifierJournal { try await Services.connect(configuration) }
        let store = RedisClassifierStore(
            redis: try await Services(configuration: configuration, log: .silent).redis(), keys: ClassifierKeys(prefix: configuration.redisKeyPrefix),
            journal: journal)
        let examples = try await journal.count()
        // The counts as Redis holds them, read without the marker.
        let documents = try await RedisClassifierStore(redis: store.redis, keys: store.keys).counts(for: []).documents
        let whole = try await store.isWhole()
        let baseline = try await journal.baseline()
        if !whole, examples > 0 || baseline != nil {
            throw DoctorProblem(ClassifierError.countsMissing(examples: examples).description + "; 'mirror-bot start' or 'classify' rebuilds them")
        }
        if documents.total == 0 { return "empty: nothing learned yet ('train classifier' or 'import' teaches it)" }
        if !whole { return "favorite \(documents.favorite), normal \(documents.normal) posts learned, not yet kept in PostgreSQL ('start' keeps them)" }
        return "favorite \(documents.favorite), normal \(documents.normal) posts learned; \(examples) examples kept in PostgreSQL"
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
