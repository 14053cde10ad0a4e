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
    /// The dialect the server speaks (X's documents 2.159 or 2.167): the other one's field
    /// parameter and expansions are refused as X refuses them, and posts carry its names.
    public var dialect: XFieldDialect

    public init(
        likesForbidden: Bool = false, repliesRequireMention: Bool = false, maxClockSkew: TimeInterval = 300,
        rateLimits: [String: FakeXRateLimit] = FakeXRateLimit.xDefaults, dialect: XFieldDialect = .tweetFields
    ) {
        self.dialect = dialect
        self.likesForbidden = likesForbidden
        self.repliesRequireMention = repliesRequireMention
        self.maxClockSkew = maxClockSkew
        self.rateLimits = rateLimits
    }
}

/// A limit of `limit` requests per `window` seconds, per user and endpoint.
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
}
