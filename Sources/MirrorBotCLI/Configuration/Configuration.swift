import Foundation
import MirrorBot
import MirrorBotBluesky
import MirrorBotX
import XAPI

/// Every environment variable of the product contract, parsed in one place.
///
/// Parsing never fails on a variable a command does not use: credentials are
/// optional here and demanded by the commands that need them
/// (`requireHumanCredentials()`, `requireBotCredentials()`).
public struct Configuration: Sendable {
    public var databaseURL: String
    /// This bot's PostgreSQL schema (`DATABASE_SCHEMA`), so bots can share a database; nil when
    /// unset: the connection's own `search_path` (PostgreSQL's default puts the tables in `public`).
    public var databaseSchema: String?
    public var redisURL: String
    public var humanCredentials: OAuthCredentials?
    public var botCredentials: OAuthCredentials?
    public var xAPIBaseURL: URL
    /// `X_FIELD_DIALECT`: the dialect the X clients start in (`tweet.fields`, X's document 2.159,
    /// the default; or `post.fields`, 2.167); they switch when the server refuses it.
    public var xFieldDialect: XFieldDialect
    public var timeZone: TimeZone
    /// `FAVORITE_RATE_THRESHOLD`: `auto` (default, calibrated to the human's like share) or a number (the seed's rule).
    public var favoriteRateThreshold: FavoriteThreshold
    public var postLimit: Int
    public var postMentions: Bool
    /// `POST_MEDIA` (`carry`, the default, `text` or `skip`): what happens to posts with pictures.
    public var postMedia: MediaPolicy
    public var dryRun: Bool
    public var pollInterval: Duration
    public var replyLimitPerHour: Int
    public var likeLimitPerDay: Int
    /// X's prices (`X_PRICES` over the 2026 defaults: docs/X.md, "What X costs").
    public var xPrices: XPriceTable
    /// `X_DAILY_BUDGET_USD`: the day's (UTC) most on X; nil: no budget.
    public var xDailyBudget: Double?
    /// `X_SKIP_LINK_POSTS` (`never`, `tight`, `always`; default `tight`).
    public var linkPosts: LinkPostSkipping
    /// Delete the bot's copy of a post the human deleted (`FOLLOW_DELETIONS`).
    public var followDeletions: Bool
    /// `REPLY_PACE` (`human`, the default, or `immediate`).
    public var replyPace: ReplyPace
    /// `POLL_PACE` (`human`, the default, or `steady`).
    public var pollPace: PollPace
    /// Posts the learning loop's sweep looks up a day (`DELETION_CHECK_READS_PER_DAY`); 0: no sweep.
    public var deletionCheckReadsPerDay: Int
    public var redisKeyPrefix: String
    /// `REDIS_TLS_VERIFY`: `peer` (true, the default) verifies a `rediss://` server's certificate and host name; `none` accepts any.
    public var redisTLSVerifyPeer: Bool
    /// `REDIS_TLS_CA_FILE`: a CA bundle to verify the Redis server's certificate against, instead of the system's CAs.
    public var redisTLSCAFile: String?
    public var mecabDictionary: String?
    /// Which network the bot lives on (`NETWORK`, default `x`).
    public var network: NetworkKind
    public var mastodonBaseURL: URL?
    public var humanMastodonToken: String?
    public var botMastodonToken: String?
    /// Visibility of the bot's own posts on Mastodon (`MASTODON_VISIBILITY`, default `unlisted`).
    public var mastodonVisibility: String
    /// The Misskey server both accounts are on (`MISSKEY_BASE_URL`, e.g. `https://misskey.io`).
    public var misskeyBaseURL: URL?
    /// App or MiAuth tokens, sent as `Authorization: Bearer` (`HUMAN_MISSKEY_TOKEN`, `BOT_MISSKEY_TOKEN`).
    public var humanMisskeyToken: String?
    public var botMisskeyToken: String?
    /// Visibility of the bot's notes on Misskey (`MISSKEY_VISIBILITY`: public, home (the default) or followers).
    public var misskeyVisibility: String
    /// The reaction the bot likes with on Misskey (`MISSKEY_REACTION`, default ❤).
    public var misskeyReaction: String
    /// The Bluesky PDS or entryway both accounts log in to (`BLUESKY_SERVICE_URL`, default `https://bsky.social`).
    public var blueskyServiceURL: URL
    /// A handle or DID, and an app password, for each account (`HUMAN_BLUESKY_*`, `BOT_BLUESKY_*`).
    public var humanBlueskyIdentifier: String?
    public var humanBlueskyAppPassword: String?
    public var botBlueskyIdentifier: String?
    public var botBlueskyAppPassword: String?
    /// Whose posts the bot likes on Bluesky (`BLUESKY_LIKE_SCOPE`, default `followers`).
    public var blueskyLikeScope: BlueskyLikeScope
    /// A file the daemon touches after every successful round (`HEARTBEAT_FILE`), for health checks.
    public var heartbeatFile: String?
    /// The status server's port (`STATUS_PORT`, else `PORT` as Heroku and Dokku set it; 0: any free
    /// port, logged); nil: no status server.
    public var statusPort: Int?
    /// Which variable `statusPort` came from, for messages.
    public var statusPortVariable = "STATUS_PORT"
    /// The address the status server listens on (`STATUS_BIND`, an IP address; default 127.0.0.1).
    public var statusBind: String

    public static let defaultPollIntervalSeconds = 300

    /// The sweep's posts a day by default: 288 where reads are free; 72 on X, which bills each
    /// post a lookup returns ($0.005): one a learning round at the default interval, the sources
    /// of the bot's live copies first (docs/X.md, "What X costs").
    public static func defaultDeletionCheckReadsPerDay(_ network: NetworkKind) -> Int {
        network == .x ? 72 : 288
    }
    public static let maximumPollIntervalSeconds = 30 * 86_400

    public init(environment: [String: String]) throws {
        let env = Environment(values: environment)
        databaseURL = try env.url("DATABASE_URL", default: "postgres://localhost/mirror_bot", schemes: ["postgres", "postgresql"])
        databaseSchema = try env.identifier("DATABASE_SCHEMA")
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
        let dialect = env["X_FIELD_DIALECT"] ?? XFieldDialect.tweetFields.rawValue
        guard let fieldDialect = XFieldDialect(rawValue: dialect.lowercased()) else {
            throw ConfigurationError.invalid(variable: "X_FIELD_DIALECT", reason: "expected tweet.fields or post.fields, got \"\(dialect)\"")
        }
        xFieldDialect = fieldDialect
        timeZone = try env.timeZone()
        favoriteRateThreshold = try env.threshold("FAVORITE_RATE_THRESHOLD")
        postLimit = try env.integer("POST_LIMIT", default: 10_000, minimum: 1)
        postMentions = try env.bool("POST_MENTIONS", default: false)
        postMedia = try env.choice("POST_MEDIA", default: .carry)
        dryRun = try env.bool("DRY_RUN", default: false)
        // At most 30 days: near Int64.max seconds the daemon's sleep (4x this for learning) would trap.
        pollInterval = .seconds(try env.integer(
            "POLL_INTERVAL_SECONDS", default: Self.defaultPollIntervalSeconds, minimum: 1, maximum: Self.maximumPollIntervalSeconds))
        replyLimitPerHour = try env.integer("REPLY_LIMIT_PER_HOUR", default: 3, minimum: 0)
        likeLimitPerDay = try env.integer("LIKE_LIMIT_PER_DAY", default: 200, minimum: 0)
        do throws(XPriceError) {
            xPrices = try XPriceTable.parse(env["X_PRICES"] ?? "")
        } catch {
            throw ConfigurationError.invalid(variable: "X_PRICES", reason: "'\(error.entry)': \(error.reason)")
        }
        if let text = env["X_DAILY_BUDGET_USD"] {
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw ConfigurationError.invalid(variable: "X_DAILY_BUDGET_USD", reason: "expected dollars above 0, got \"\(text)\"")
            }
            xDailyBudget = value
        } else {
            xDailyBudget = nil
        }
        let skipping = (env["X_SKIP_LINK_POSTS"] ?? LinkPostSkipping.tight.rawValue).lowercased()
        guard let linkPosts = LinkPostSkipping(rawValue: skipping) else {
            throw ConfigurationError.invalid(variable: "X_SKIP_LINK_POSTS", reason: "expected never, tight or always, got \"\(skipping)\"")
        }
        self.linkPosts = linkPosts
        followDeletions = try env.bool("FOLLOW_DELETIONS", default: true)
        replyPace = try env.choice("REPLY_PACE", default: .human)
        pollPace = try env.choice("POLL_PACE", default: .human)
        redisKeyPrefix = env["REDIS_KEY_PREFIX"] ?? "mirror-bot:"
        let verify = env["REDIS_TLS_VERIFY"] ?? "peer"
        switch verify.lowercased() {
        case "peer": redisTLSVerifyPeer = true
        case "none": redisTLSVerifyPeer = false
        default: throw ConfigurationError.invalid(variable: "REDIS_TLS_VERIFY", reason: "expected peer or none, got \"\(verify)\"")
        }
        redisTLSCAFile = env["REDIS_TLS_CA_FILE"]
        mecabDictionary = env["MECAB_DICDIR"]
        guard let kind = NetworkKind(rawValue: (env["NETWORK"] ?? "x").lowercased()) else {
            throw ConfigurationError.invalid(variable: "NETWORK", reason: "expected x, mastodon, bluesky or misskey, got \"\(env["NETWORK"] ?? "")\"")
        }
        network = kind
        deletionCheckReadsPerDay = try env.integer(
            "DELETION_CHECK_READS_PER_DAY", default: Self.defaultDeletionCheckReadsPerDay(kind), minimum: 0, maximum: 10_000_000)
        if let text = env["MASTODON_BASE_URL"] {
            let value = try env.url("MASTODON_BASE_URL", default: text, schemes: ["http", "https"])
            mastodonBaseURL = URL(string: value)
        }
        humanMastodonToken = env["HUMAN_MASTODON_TOKEN"]
        botMastodonToken = env["BOT_MASTODON_TOKEN"]
        if let text = env["MISSKEY_BASE_URL"] {
            let value = try env.url("MISSKEY_BASE_URL", default: text, schemes: ["http", "https"])
            misskeyBaseURL = URL(string: value)
        }
        humanMisskeyToken = env["HUMAN_MISSKEY_TOKEN"]
        botMisskeyToken = env["BOT_MISSKEY_TOKEN"]
        misskeyVisibility = (env["MISSKEY_VISIBILITY"] ?? "home").lowercased()
        guard ["public", "home", "followers"].contains(misskeyVisibility) else {
            throw ConfigurationError.invalid(
                variable: "MISSKEY_VISIBILITY", reason: "expected public, home or followers, got \"\(misskeyVisibility)\"")
        }
        misskeyReaction = env["MISSKEY_REACTION"] ?? "❤"
        guard !misskeyReaction.isEmpty, !misskeyReaction.contains(where: \.isWhitespace) else {
            throw ConfigurationError.invalid(variable: "MISSKEY_REACTION", reason: "expected one emoji or :name:, got \"\(misskeyReaction)\"")
        }
        heartbeatFile = env["HEARTBEAT_FILE"]
        if env["STATUS_PORT"] != nil {
            statusPort = try env.port("STATUS_PORT")
        } else if env["PORT"] != nil {
            statusPort = try env.port("PORT")
            statusPortVariable = "PORT"
        }
        statusBind = try env.ipAddress("STATUS_BIND", default: "127.0.0.1")
        mastodonVisibility = (env["MASTODON_VISIBILITY"] ?? "unlisted").lowercased()
        guard ["public", "unlisted", "private", "direct"].contains(mastodonVisibility) else {
            throw ConfigurationError.invalid(
                variable: "MASTODON_VISIBILITY", reason: "expected public, unlisted, private or direct, got \"\(mastodonVisibility)\"")
        }
        let service = try env.url("BLUESKY_SERVICE_URL", default: "https://bsky.social", schemes: ["http", "https"])
        guard let serviceURL = URL(string: service) else {
            throw ConfigurationError.invalid(variable: "BLUESKY_SERVICE_URL", reason: "not a URL")
        }
        blueskyServiceURL = serviceURL
        humanBlueskyIdentifier = env["HUMAN_BLUESKY_IDENTIFIER"]
        humanBlueskyAppPassword = env["HUMAN_BLUESKY_APP_PASSWORD"]
        botBlueskyIdentifier = env["BOT_BLUESKY_IDENTIFIER"]
        botBlueskyAppPassword = env["BOT_BLUESKY_APP_PASSWORD"]
        let scope = (env["BLUESKY_LIKE_SCOPE"] ?? "followers").lowercased()
        guard let likeScope = BlueskyLikeScope(rawValue: scope) else {
            throw ConfigurationError.invalid(variable: "BLUESKY_LIKE_SCOPE", reason: "expected followers or all, got \"\(scope)\"")
        }
        blueskyLikeScope = likeScope
    }

    /// The human's credentials, or the error naming the first missing variable.
    public func requireHumanCredentials() throws -> OAuthCredentials {
        guard let humanCredentials else { throw ConfigurationError.missing(variable: "HUMAN_CONSUMER_KEY") }
        return humanCredentials
    }

    /// The bot's credentials, or the error naming the first missing variable.
    public func requireBotCredentials() throws -> OAuthCredentials {
        guard let botCredentials else { throw ConfigurationError.missing(variable: "BOT_CONSUMER_KEY") }
        return botCredentials
    }

    /// Every secret value, for the log redactor.
    public var secrets: [String] {
        var values = [humanCredentials, botCredentials].compactMap { $0 }.flatMap(\.secrets)
        values += [humanMastodonToken, botMastodonToken, humanBlueskyAppPassword, botBlueskyAppPassword].compactMap { $0 }
        values += [humanMisskeyToken, botMisskeyToken].compactMap { $0 }.filter { !$0.isEmpty }
        for url in [databaseURL, redisURL] {
            let components = URLComponents(string: url)
            // In the user part, or as libpq's `?password=` parameter.
            let passwords = [components?.password] + (components?.queryItems ?? []).filter { $0.name == "password" }.map(\.value)
            values += passwords.compactMap { $0 }.filter { !$0.isEmpty }
        }
        return values
    }
}

extension OAuthCredentials {
    var secrets: [String] { [consumerKey, consumerSecret, accessToken, accessTokenSecret] }
}

/// The networks mirror-bot speaks.
public enum NetworkKind: String, Sendable {
    case x
    case mastodon
    case bluesky
    case misskey

    /// Whether the bot's posts carry the warning and sensitivity of a warned post of the
    /// human's (issue 40): Mastodon (`spoiler_text`, `sensitive`), Misskey (`cw`), Bluesky (its
    /// content self-labels; a warning with words is refused there). X has no warning for text.
    /// Where not, warned posts are never picked.
    public var carriesWarnings: Bool { self == .mastodon || self == .misskey || self == .bluesky }

    /// Whether the bot's posts carry the human's pictures with their alt texts (issue 40):
    /// every network (X: pictures only, no video or GIF). `POST_MEDIA=carry` leaves out a post whose
    /// pictures cannot go.
    public var carriesMedia: Bool { true }
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
