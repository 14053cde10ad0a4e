import Foundation
import MirrorBot
import MirrorBotCLI
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    @Test("every variable has its contract default")
    func defaults() throws {
        let configuration = try Configuration(environment: [:])
        #expect(configuration.databaseURL == "postgres://localhost/mirror_bot")
        #expect(configuration.redisURL == "redis://localhost:6379")
        #expect(configuration.xAPIBaseURL.absoluteString == "https://api.x.com")
        #expect(configuration.timeZone.secondsFromGMT() == 0)
        #expect(configuration.favoriteRateThreshold == .auto)
        #expect(configuration.postLimit == 10_000)
        #expect(configuration.postMentions == false)
        #expect(configuration.dryRun == false)
        #expect(configuration.replyLimitPerHour == 3)
        #expect(configuration.likeLimitPerDay == 200)
        #expect(configuration.redisKeyPrefix == "mirror-bot:")
        #expect(configuration.replyPace == .human)
        #expect(configuration.pollPace == .human)
        #expect(configuration.humanCredentials == nil)
        #expect(throws: ConfigurationError.missing(variable: "BOT_CONSUMER_KEY")) {
            try configuration.requireBotCredentials()
        }
    }

    @Test("REPLY_PACE and POLL_PACE take their two words in any case; another is one line naming both")
    func paces() throws {
        let set = try Configuration(environment: ["REPLY_PACE": "Immediate", "POLL_PACE": "STEADY"])
        #expect(set.replyPace == .immediate)
        #expect(set.pollPace == .steady)
        #expect(throws: ConfigurationError.invalid(variable: "REPLY_PACE", reason: "expected human or immediate, got \"later\"")) {
            try Configuration(environment: ["REPLY_PACE": "later"])
        }
        #expect(throws: ConfigurationError.invalid(variable: "POLL_PACE", reason: "expected human or steady, got \"fast\"")) {
            try Configuration(environment: ["POLL_PACE": "fast"])
        }
    }

    @Test("POST_MEDIA is carry unless set to text or skip, in any case; another word is one line naming the three")
    func postMedia() throws {
        #expect(try Configuration(environment: [:]).postMedia == .carry)
        #expect(try Configuration(environment: ["POST_MEDIA": "Text"]).postMedia == .text)
        #expect(try Configuration(environment: ["POST_MEDIA": "skip"]).postMedia == .skip)
        #expect(throws: ConfigurationError.invalid(variable: "POST_MEDIA", reason: "expected carry, text or skip, got \"all\"")) {
            try Configuration(environment: ["POST_MEDIA": "all"])
        }
        #expect(NetworkKind.x.carriesMedia && NetworkKind.mastodon.carriesMedia && NetworkKind.bluesky.carriesMedia && NetworkKind.misskey.carriesMedia)
    }

    @Test("REDISTOGO_URL is used when REDIS_URL is absent, and REDIS_URL wins when both are set")
    func redisFallback() throws {
        #expect(try Configuration(environment: ["REDISTOGO_URL": "redis://:p@h:1"]).redisURL == "redis://:p@h:1")
        #expect(try Configuration(environment: ["REDISTOGO_URL": "redis://a:1", "REDIS_URL": "redis://b:2"]).redisURL == "redis://b:2")
    }

    @Test("TIME_ZONE wins over TZ, and TZ is used without it")
    func timeZones() throws {
        #expect(try Configuration(environment: ["TZ": "Asia/Tokyo"]).timeZone.identifier == "Asia/Tokyo")
        #expect(try Configuration(environment: ["TZ": "Asia/Tokyo", "TIME_ZONE": "Europe/Paris"]).timeZone.identifier == "Europe/Paris")
    }

    @Test(
        "a malformed value is an error naming the variable",
        arguments: [
            ("POST_LIMIT", "many"), ("POST_LIMIT", "0"), ("FAVORITE_RATE_THRESHOLD", "high"), ("FAVORITE_RATE_THRESHOLD", "-1"),
            ("DRY_RUN", "perhaps"), ("TIME_ZONE", "Mars/Olympus"), ("DATABASE_URL", "mysql://x/y"),
            ("REDIS_URL", "http://x"), ("POLL_INTERVAL_SECONDS", "-5"), ("LIKE_LIMIT_PER_DAY", "1.5"),
            ("DATABASE_SCHEMA", "bot-a"), ("DATABASE_SCHEMA", "1bot"), ("DATABASE_SCHEMA", "a\"; DROP SCHEMA public; --"),
            ("DATABASE_SCHEMA", String(repeating: "b", count: 64)), ("DATABASE_SCHEMA", "ボット"),
            // Near Int64.max seconds the daemon's sleep trapped (issue 15); 30 days is the most.
            ("POLL_INTERVAL_SECONDS", "9223372036854775807"), ("POLL_INTERVAL_SECONDS", "2592001"),
        ]
    )
    func malformedValues(variable: String, value: String) {
        #expect {
            _ = try Configuration(environment: [variable: value])
        } throws: { error in
            "\(error)".hasPrefix("\(variable) is invalid")
        }
    }

    @Test("DATABASE_SCHEMA is unset by default (the connection's search_path) and takes a plain identifier")
    func databaseSchema() throws {
        #expect(try Configuration(environment: [:]).databaseSchema == nil)
        #expect(try Configuration(environment: ["DATABASE_SCHEMA": "bot_A2"]).databaseSchema == "bot_A2")
        #expect(try Configuration(environment: ["DATABASE_SCHEMA": "_x"]).databaseSchema == "_x")
    }

    @Test("FAVORITE_RATE_THRESHOLD is auto by default and when set so, else the number the user set")
    func favoriteRateThreshold() throws {
        #expect(try Configuration(environment: ["FAVORITE_RATE_THRESHOLD": "auto"]).favoriteRateThreshold == .auto)
        #expect(try Configuration(environment: ["FAVORITE_RATE_THRESHOLD": " Auto "]).favoriteRateThreshold == .auto)
        #expect(try Configuration(environment: ["FAVORITE_RATE_THRESHOLD": "3.0"]).favoriteRateThreshold == .fixed(3.0))
        #expect(try Configuration(environment: ["FAVORITE_RATE_THRESHOLD": "2"]).favoriteRateThreshold == .fixed(2.0))
        #expect(try Configuration(environment: ["FAVORITE_RATE_THRESHOLD": ""]).favoriteRateThreshold == .auto)
        #expect(throws: ConfigurationError.invalid(
            variable: "FAVORITE_RATE_THRESHOLD", reason: "expected auto or a number of at least 0, got \"often\"")) {
            _ = try Configuration(environment: ["FAVORITE_RATE_THRESHOLD": "often"])
        }
    }

    @Test("a partial set of credentials names the first missing variable")
    func partialCredentials() {
        #expect(throws: ConfigurationError.missing(variable: "HUMAN_ACCESS_TOKEN")) {
            _ = try Configuration(environment: ["HUMAN_CONSUMER_KEY": "k", "HUMAN_CONSUMER_SECRET": "s", "HUMAN_ACCESS_TOKEN_SECRET": "t"])
        }
    }

    @Test("credentials never print, and are listed as secrets with URL passwords")
    func secrets() throws {
        let configuration = try Configuration(environment: [
            "BOT_CONSUMER_KEY": "ck-123456", "BOT_CONSUMER_SECRET": "cs-123456",
            "BOT_ACCESS_TOKEN": "at-123456", "BOT_ACCESS_TOKEN_SECRET": "ats-123456",
            "DATABASE_URL": "postgres://u:dbpass99@h/db", "REDIS_URL": "redis://h:6379/0?password=redispass42",
        ])
        let credentials = try configuration.requireBotCredentials()
        #expect(!"\(credentials)".contains("123456"))
        #expect(Set(configuration.secrets) == ["ck-123456", "cs-123456", "at-123456", "ats-123456", "dbpass99", "redispass42"])
    }

    @Test("DELETION_CHECK_READS_PER_DAY: 72 on X by default (each post a lookup returns is billed), 288 where reads are free; set, it wins")
    func deletionCheckDefault() throws {
        #expect(try Configuration(environment: [:]).deletionCheckReadsPerDay == 72)
        #expect(try Configuration(environment: ["NETWORK": "x"]).deletionCheckReadsPerDay == 72)
        for network in ["mastodon", "bluesky", "misskey"] {
            #expect(try Configuration(environment: ["NETWORK": network]).deletionCheckReadsPerDay == 288)
        }
        #expect(try Configuration(environment: ["DELETION_CHECK_READS_PER_DAY": "288"]).deletionCheckReadsPerDay == 288)
        #expect(try Configuration(environment: ["NETWORK": "mastodon", "DELETION_CHECK_READS_PER_DAY": "0"]).deletionCheckReadsPerDay == 0)
    }
}
