import XAPI
import Foundation

/// How the fake server behaves.
public struct FakeXSettings: Sendable {
    /// Refuse every like with 403 (X's 2026 self-serve tiers).
    public var likesForbidden: Bool
    /// Refuse replies to posts that did not mention the replier (X's 2026 rule).
    public var repliesRequireMention: Bool
    /// Largest accepted difference between `oauth_timestamp` and the server clock.
    public var maxClockSkew: TimeInterval
    /// Per-endpoint limits, keyed `GET /2/users/:id/tweets`; missing endpoints are unlimited.
    public var rateLimits: [String: FakeXRateLimit]
    /// Per-app limits, counted over every user whose tokens belong to one app (consumer key),
    /// keyed like `rateLimits`; missing endpoints have none.
    public var appRateLimits: [String: FakeXRateLimit]
    /// The dialect the server speaks (X's documents 2.159 or 2.167): the other one's field
    /// parameter and expansions are refused as X refuses them, and posts carry its names.
    public var dialect: XFieldDialect

    public init(
        likesForbidden: Bool = false, repliesRequireMention: Bool = false, maxClockSkew: TimeInterval = 300,
        rateLimits: [String: FakeXRateLimit] = FakeXRateLimit.xDefaults,
        appRateLimits: [String: FakeXRateLimit] = FakeXRateLimit.xAppDefaults, dialect: XFieldDialect = .tweetFields
    ) {
        self.dialect = dialect
        self.likesForbidden = likesForbidden
        self.repliesRequireMention = repliesRequireMention
        self.maxClockSkew = maxClockSkew
        self.rateLimits = rateLimits
        self.appRateLimits = appRateLimits
    }
}

/// A limit of `limit` requests per `window` seconds, per user (or per app) and endpoint.
public struct FakeXRateLimit: Sendable, Codable, Equatable {
    public var limit: Int
    public var window: TimeInterval

    /// X's per-user limits per 15 minutes (PLATFORM-FACTS.md).
    public static let xDefaults: [String: FakeXRateLimit] = [
        "GET /2/users/me": .init(limit: 75, window: 900),
        "GET /2/users/:id/tweets": .init(limit: 900, window: 900),
        "GET /2/users/:id/liked_tweets": .init(limit: 75, window: 900),
        "GET /2/users/:id/timelines/reverse_chronological": .init(limit: 180, window: 900),
        "GET /2/users/:id/mentions": .init(limit: 300, window: 900),
        "POST /2/tweets": .init(limit: 100, window: 900),
        "POST /2/users/:id/likes": .init(limit: 50, window: 900),
    ]

    /// X's limits per app (every user of its tokens together) that bind user-context requests:
    /// 10,000 posts in 24 hours (docs.x.com, "Rate limits": `POST /2/tweets`, per app), stated in
    /// `x-app-limit-24hour-*`. The table's other per-app limits (reads per 15 minutes) are those of
    /// app-only Bearer requests, which the bot does not make.
    public static let xAppDefaults: [String: FakeXRateLimit] = [
        "POST /2/tweets": .init(limit: 10_000, window: 86_400),
    ]
}
