import Foundation

/// Every environment variable of the product contract, parsed in one place.
///
/// Parsing never fails on a variable a command does not use: credentials are
/// optional here and demanded by the commands that need them
/// (`requireHumanCredentials()`, `requireBotCredentials()`).
public struct Configuration: Sendable {
    public var databaseURL: String
    public var redisURL: String
    public var humanCredentials: AccountCredentials?
    public var botCredentials: AccountCredentials?
    public var xAPIBaseURL: URL
    public var timeZone: TimeZone
    public var favoriteRateThreshold: Double
    public var postLimit: Int
    public var postMentions: Bool
    public var dryRun: Bool
    public var pollInterval: Duration
    public var replyLimitPerHour: Int
    public var likeLimitPerDay: Int
    public var redisKeyPrefix: String
    public var mecabDictionary: String?

    public static let defaultPollIntervalSeconds = 300

    public init(environment: [String: String]) throws {
        let env = Environment(values: environment)
        databaseURL = try env.url("DATABASE_URL", default: "postgres://localhost/mirror_bot", schemes: ["postgres", "postgresql"])
        if env["REDIS_URL"] != nil {
            redisURL = try env.url("REDIS_URL", default: "", schemes: ["redis", "rediss"])
        } else {
            redisURL = try env.url("REDISTOGO_URL", default: "redis://localhost:6379", schemes: ["redis", "rediss"])
        }
        humanCredentials = try env.credentials(prefix: "HUMAN")
        botCredentials = try env.credentials(prefix: "BOT")
        let base = try env.url("X_API_BASE_URL", default: "https://api.x.com", schemes: ["http", "https"])
        guard let baseURL = URL(string: base) else {
            throw ConfigurationError.invalid(variable: "X_API_BASE_URL", reason: "not a URL")
        }
        xAPIBaseURL = baseURL
        timeZone = try env.timeZone()
        favoriteRateThreshold = try env.double("FAVORITE_RATE_THRESHOLD", default: 3.0, minimum: 0)
        postLimit = try env.integer("POST_LIMIT", default: 10_000, minimum: 1)
        postMentions = try env.bool("POST_MENTIONS", default: false)
        dryRun = try env.bool("DRY_RUN", default: false)
        pollInterval = .seconds(try env.integer("POLL_INTERVAL_SECONDS", default: Self.defaultPollIntervalSeconds, minimum: 1))
        replyLimitPerHour = try env.integer("REPLY_LIMIT_PER_HOUR", default: 3, minimum: 0)
        likeLimitPerDay = try env.integer("LIKE_LIMIT_PER_DAY", default: 200, minimum: 0)
        redisKeyPrefix = env["REDIS_KEY_PREFIX"] ?? "mirror-bot:"
        mecabDictionary = env["MECAB_DICDIR"]
    }

    /// The human's credentials, or the error naming the first missing variable.
    public func requireHumanCredentials() throws -> AccountCredentials {
        guard let humanCredentials else { throw ConfigurationError.missing(variable: "HUMAN_CONSUMER_KEY") }
        return humanCredentials
    }

    /// The bot's credentials, or the error naming the first missing variable.
    public func requireBotCredentials() throws -> AccountCredentials {
        guard let botCredentials else { throw ConfigurationError.missing(variable: "BOT_CONSUMER_KEY") }
        return botCredentials
    }

    /// Every secret value, for the log redactor.
    public var secrets: [String] {
        var values = [humanCredentials, botCredentials].compactMap { $0 }.flatMap(\.secrets)
        for url in [databaseURL, redisURL] {
            if let password = URLComponents(string: url)?.password, !password.isEmpty { values.append(password) }
        }
        return values
    }
}

/// OAuth 1.0a user-context credentials of one account, as four variables.
public struct AccountCredentials: Sendable, CustomStringConvertible {
    public var consumerKey: String
    public var consumerSecret: String
    public var accessToken: String
    public var accessTokenSecret: String

    public init(consumerKey: String, consumerSecret: String, accessToken: String, accessTokenSecret: String) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.accessToken = accessToken
        self.accessTokenSecret = accessTokenSecret
    }

    var secrets: [String] { [consumerKey, consumerSecret, accessToken, accessTokenSecret] }

    /// Never prints a credential.
    public var description: String { "AccountCredentials(redacted)" }
}

/// A missing or malformed variable, named in one line.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case missing(variable: String)
    case invalid(variable: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let variable):
            return "\(variable) is not set"
        case .invalid(let variable, let reason):
            return "\(variable) is invalid: \(reason)"
        }
    }
}
