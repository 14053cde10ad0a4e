import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `mirror-bot setup`: the first hour at a terminal. Asks what the env file lacks (the network,
/// the server, X's app keys), signs in whichever account has no credentials there yet, then runs
/// `migrate` and `doctor` and says how to train and start. Safe to run again: what is in the env
/// file is kept and skipped.
struct SetupCommand: Command {
    static let name = "setup"
    static let abstract = "A guided first hour: network, both sign-ins, migrate, doctor, and the command to start."
    static let usage = "mirror-bot setup [--env-file PATH]"
    static let help = helpText(
        """
        Asks for what the env file (default .env) lacks: NETWORK, the server
        (MASTODON_BASE_URL, MISSKEY_BASE_URL) or X's app keys; signs in the human and
        the bot ('mirror-bot login', skipped when their credentials are already there);
        runs 'migrate' and 'doctor' with the env file's values; then prints the commands
        to train and to start in DRY_RUN. Run it again after fixing what it reports: it
        resumes where it stopped. Needs a terminal; without one it says what to set.

        OPTIONS:
          --env-file PATH   the env file to read and update (default .env)
        """)

    var envFile: String
    /// Whether standard input is a terminal (tests say yes).
    var isTerminal: @Sendable () -> Bool = { isatty(STDIN_FILENO) == 1 }

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["env-file"], usage: Self.usage)
        guard parsed.positionals.isEmpty else { throw UsageError("setup takes no arguments", usage: Self.usage) }
        envFile = parsed.option("env-file") ?? ".env"
    }

    /// The credentials each network stores per account (a login is skipped when they are all there).
    static func credentialKeys(_ network: String, role: LoginRole) -> [String] {
        switch network {
        case "mastodon": ["\(role.prefix)_MASTODON_TOKEN"]
        case "misskey": ["\(role.prefix)_MISSKEY_TOKEN"]
        case "bluesky": ["\(role.prefix)_BLUESKY_IDENTIFIER", "\(role.prefix)_BLUESKY_APP_PASSWORD"]
        default: ["CONSUMER_KEY", "CONSUMER_SECRET", "ACCESS_TOKEN", "ACCESS_TOKEN_SECRET"].map { "\(role.prefix)_\($0)" }
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        guard isTerminal() else {
            throw LoginError(
                "setup needs a terminal; without one set NETWORK and the server in \(envFile), then run 'mirror-bot login human' and 'login bot' (docs/LOGIN.md)")
        }
        let path = envFile.hasPrefix("/") ? envFile : context.currentDirectory + "/" + envFile
        let terminal = LoginTerminal(output: context.output, input: context.input)
        var values = try EnvFile.read(path: path).values.merging(context.environment) { _, process in process }
        var asked: [(key: String, value: String)] = []
        func ask(_ key: String, _ prompt: String, default fallback: String? = nil, secret: Bool = false) async throws {
            guard values[key]?.isEmpty ?? true else { return }
            let answer = try await secret ? terminal.askSecret(prompt, what: key) : terminal.ask(prompt, what: key, default: fallback)
            values[key] = answer
            asked.append((key, answer))
        }
        try await ask("NETWORK", "Network (x, mastodon, misskey, bluesky) [x]:", default: "x")
        let network = (values["NETWORK"] ?? "x").lowercased()
        guard ["x", "mastodon", "misskey", "bluesky"].contains(network) else {
            throw ConfigurationError.invalid(variable: "NETWORK", reason: "expected x, mastodon, bluesky or misskey, got \"\(network)\"")
        }
        switch network {
        case "mastodon": try await ask("MASTODON_BASE_URL", "The Mastodon server both accounts are on (e.g. https://mastodon.social):")
        case "misskey": try await ask("MISSKEY_BASE_URL", "The Misskey server both accounts are on (e.g. https://misskey.io):")
        case "x":
            for role in [LoginRole.human, .bot] {
                try await ask("\(role.prefix)_CONSUMER_KEY", "The \(role.rawValue)'s app: consumer key (API key):")
                try await ask("\(role.prefix)_CONSUMER_SECRET", "The \(role.rawValue)'s app: consumer secret (API key secret, not shown):", secret: true)
            }
        default: break
        }
        if !asked.isEmpty {
            var file = try EnvFile.read(path: path)
            file.set(asked)
            try file.write(path: path)
        }
        for role in [LoginRole.human, .bot] {
            let file = try EnvFile.read(path: path).values.merging(context.environment) { _, process in process }
            if Self.credentialKeys(network, role: role).allSatisfy({ !(file[$0] ?? "").isEmpty }) {
                context.output("The \(role.rawValue)'s account is signed in already (\(envFile)); skipped.")
                continue
            }
            _ = try await LoginCommand(arguments: [role.rawValue, "--env-file", path]).run(context)
        }
        let environment = try EnvFile.read(path: path).values.merging(context.environment) { _, process in process }
        let serviceContext = CommandContext(environment: environment, currentDirectory: context.currentDirectory, input: context.input, output: context.output)
        context.output("Migrating the database (DATABASE_URL)...")
        guard try await MigrateCommand(arguments: []).run(serviceContext) == 0 else { return 1 }
        context.output("Checking everything (doctor)...")
        guard try await DoctorCommand(arguments: []).run(serviceContext) == 0 else {
            context.output("Fix what doctor reports, then run 'mirror-bot setup' again.")
            return 1
        }
        context.output("""
            Ready. Next:
              mirror-bot import PATH      (the human's export, if you have one) or mirror-bot train scheduler && mirror-bot train classifier
              DRY_RUN=true mirror-bot start   (read the logs for a day; then start without DRY_RUN)
            """)
        return 0
    }
}
