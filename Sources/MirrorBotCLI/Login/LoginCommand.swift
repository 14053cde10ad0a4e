import Foundation

/// `mirror-bot login human|bot`: signs one account in with the network's own flow, checks who
/// signed in, and writes the credentials to an env file (or prints `heroku config:set`).
struct LoginCommand: Command {
    static let name = "login"
    static let abstract = "Sign the human's or the bot's account in and write its credentials to an env file."
    static let usage = "mirror-bot login human|bot [--env-file PATH] [--print heroku]"
    static let help = helpText(
        """
        Signs an account in on the configured NETWORK with the network's own flow,
        checks which account signed in, and stores what the bot needs:

          mastodon  registers an app on MASTODON_BASE_URL, prints the page to open
                    (signed in as that account), reads the code it shows; writes
                    HUMAN_MASTODON_TOKEN (scope read) or BOT_MASTODON_TOKEN (scopes
                    read write:statuses write:favourites write:media)
          misskey   prints MiAuth's page on MISSKEY_BASE_URL (press Allow there, then
                    Enter here); writes HUMAN_MISSKEY_TOKEN (read:account) or
                    BOT_MISSKEY_TOKEN (read:account, read:notifications, write:notes,
                    write:reactions)
          bluesky   reads the handle and an app password (not echoed on a terminal),
                    checks them with createSession on BLUESKY_SERVICE_URL; writes
                    HUMAN_/BOT_BLUESKY_IDENTIFIER (the DID) and _APP_PASSWORD
          x         the PIN flow with the app's HUMAN_/BOT_CONSUMER_KEY and _SECRET (from
                    the env file or the environment); prints the authorize page, reads
                    the PIN; writes HUMAN_/BOT_ACCESS_TOKEN and _ACCESS_TOKEN_SECRET (the
                    human asks for read access, the bot for write)

        Refused, with the env file unchanged: a wrong code, a bot without write
        permission, and the bot signed in as the human (or the other way round).

        OPTIONS:
          --env-file PATH   the env file to update (default .env; created with mode 0600,
                            its other lines kept); NETWORK and the server are read from it too
          --print heroku    print 'heroku config:set ...' instead of writing a file
        """)

    var role: LoginRole
    var envFile: String
    var printHeroku: Bool

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["env-file", "print"], usage: Self.usage)
        guard parsed.positionals.count == 1, let role = LoginRole(rawValue: parsed.positionals[0]) else {
            throw UsageError("expected 'human' or 'bot'", usage: Self.usage)
        }
        self.role = role
        envFile = parsed.option("env-file") ?? ".env"
        switch parsed.option("print") {
        case nil: printHeroku = false
        case "heroku": printHeroku = true
        case let other?: throw UsageError("'--print' knows only 'heroku', got '\(other)'", usage: Self.usage)
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let path = envFile.hasPrefix("/") ? envFile : context.currentDirectory + "/" + envFile
        var file = try EnvFile.read(path: path)
        // The process environment wins over the file, as when the file is sourced first.
        let environment = file.values.merging(context.environment) { _, process in process }
        // X's four credentials are read here one by one: a half-signed-in account must not stop the parse.
        let xKeys = ["HUMAN", "BOT"].flatMap { prefix in
            ["CONSUMER_KEY", "CONSUMER_SECRET", "ACCESS_TOKEN", "ACCESS_TOKEN_SECRET"].map { "\(prefix)_\($0)" }
        }
        let configuration = try Configuration(environment: environment.filter { !xKeys.contains($0.key) })
        let terminal = LoginTerminal(output: context.output, input: context.input)
        let result: LoginResult
        switch configuration.network {
        case .mastodon:
            guard let baseURL = configuration.mastodonBaseURL else { throw ConfigurationError.missing(variable: "MASTODON_BASE_URL") }
            let other = role == .bot ? configuration.humanMastodonToken : configuration.botMastodonToken
            result = try await MastodonLogin(baseURL: baseURL, http: LoginHTTP()).signIn(as: role, terminal: terminal, otherToken: other)
        case .misskey:
            guard let baseURL = configuration.misskeyBaseURL else { throw ConfigurationError.missing(variable: "MISSKEY_BASE_URL") }
            let other = role == .bot ? configuration.humanMisskeyToken : configuration.botMisskeyToken
            result = try await MisskeyLogin(baseURL: baseURL, http: LoginHTTP()).signIn(as: role, terminal: terminal, otherToken: other)
        case .bluesky:
            let other = role == .bot ? configuration.humanBlueskyIdentifier : configuration.botBlueskyIdentifier
            result = try await BlueskyLogin(serviceURL: configuration.blueskyServiceURL, http: LoginHTTP())
                .signIn(as: role, terminal: terminal, otherIdentifier: other)
        case .x:
            let key = "\(role.prefix)_CONSUMER_KEY"
            let secret = "\(role.prefix)_CONSUMER_SECRET"
            guard let consumerKey = environment[key], !consumerKey.isEmpty else { throw ConfigurationError.missing(variable: key) }
            guard let consumerSecret = environment[secret], !consumerSecret.isEmpty else { throw ConfigurationError.missing(variable: secret) }
            result = try await XLogin(baseURL: configuration.xAPIBaseURL, consumerKey: consumerKey, consumerSecret: consumerSecret, http: LoginHTTP())
                .signIn(as: role, terminal: terminal, otherAccessToken: environment["\(role.other.prefix)_ACCESS_TOKEN"])
        }
        if printHeroku {
            context.output(HerokuConfigSet.command(result.values))
            return 0
        }
        file.set(result.values)
        try file.write(path: path)
        context.output("Signed in as \(result.account); wrote \(result.values.map(\.key).joined(separator: ", ")) to \(envFile).")
        return 0
    }
}

/// Which account a sign-in is for.
enum LoginRole: String, Sendable {
    case human
    case bot

    var prefix: String { self == .human ? "HUMAN" : "BOT" }
    var other: LoginRole { self == .human ? .bot : .human }
}

/// Who signed in, and the variables to store.
struct LoginResult: Sendable {
    var account: String
    var values: [(key: String, value: String)]
}

/// The person at the terminal: lines shown, lines typed.
struct LoginTerminal: Sendable {
    var output: @Sendable (String) -> Void
    var input: @Sendable () async -> String?

    /// Shows `prompt` and returns the trimmed line typed (`fallback` for an empty one, when given);
    /// throws at the end of input or on an empty line without a fallback.
    func ask(_ prompt: String, what: String, default fallback: String? = nil) async throws -> String {
        output(prompt)
        guard let typed = await input()?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw LoginError("no \(what) was typed; nothing was written")
        }
        if typed.isEmpty, let fallback { return fallback }
        guard !typed.isEmpty else { throw LoginError("no \(what) was typed; nothing was written") }
        return typed
    }

    /// `ask` with the typing not echoed when standard input is a terminal.
    func askSecret(_ prompt: String, what: String) async throws -> String {
        let echo = TerminalEcho.off()
        defer { echo.restore() }
        return try await ask(prompt, what: what)
    }
}
