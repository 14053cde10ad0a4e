import Foundation
import APIClientCore
import FakeHTTP
import XAPI

/// The fake world as JSON (the `fake-x --state FILE` format; see `Sources/fake-x/main.swift`).
/// Every field but ids, usernames, author and text is optional.
public struct FakeXSeed: Sendable, Codable {
    public struct Settings: Sendable, Codable {
        public var likesForbidden: Bool?
        public var repliesRequireMention: Bool?
        public var rateLimits: [String: FakeXRateLimit]?
        /// Limits per app (consumer key) over all its users, e.g. `{"POST /2/tweets": {"limit": 10000, "window": 86400}}`.
        public var appRateLimits: [String: FakeXRateLimit]?
        /// `server_error` (503), `garbage_body` or `drop_connection`, with `fault_probability`.
        public var fault: String?
        public var faultProbability: Double?
        /// `tweet.fields` (X's document 2.159, the default) or `post.fields` (2.167).
        public var dialect: XFieldDialect?

        enum CodingKeys: String, CodingKey {
            case fault, dialect
            case faultProbability = "fault_probability"
            case likesForbidden = "likes_forbidden"
            case repliesRequireMention = "replies_require_mention"
            case rateLimits = "rate_limits"
            case appRateLimits = "app_rate_limits"
        }
    }

    public struct User: Sendable, Codable {
        public var id: String
        public var username: String
        public var name: String?
        public var consumerKey: String?
        public var consumerSecret: String?
        public var accessToken: String?
        public var accessTokenSecret: String?
        public var follows: [String]?

        enum CodingKeys: String, CodingKey {
            case id, username, name, follows
            case consumerKey = "consumer_key"
            case consumerSecret = "consumer_secret"
            case accessToken = "access_token"
            case accessTokenSecret = "access_token_secret"
        }
    }

    public struct Tweet: Sendable, Codable {
        public var id: String?
        public var authorID: String
        public var text: String
        /// `2021-01-06T18:40:40.000Z`; now when missing.
        public var createdAt: String?
        public var inReplyToTweetID: String?
        public var inReplyToUserID: String?
        public var retweetOf: String?
        /// A retweet whose original is not in the seed.
        public var retweet: Bool?

        enum CodingKeys: String, CodingKey {
            case id, text, retweet
            case authorID = "author_id"
            case createdAt = "created_at"
            case inReplyToTweetID = "in_reply_to_tweet_id"
            case inReplyToUserID = "in_reply_to_user_id"
            case retweetOf = "retweet_of"
        }
    }

    public struct Like: Sendable, Codable {
        public var userID: String
        public var tweetID: String

        enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case tweetID = "tweet_id"
        }
    }

    public var settings: Settings?
    public var users: [User]
    public var tweets: [Tweet]?
    /// Oldest like first.
    public var likes: [Like]?
    /// Posts that appear while the server runs (`schedule(_:)`), for the demo.
    public var scheduled: [Scheduled]?
}

extension FakeXServer: FakeSeeded {
    /// Adds a seed's settings, users (with credentials when all four are given),
    /// follows, posts (in order, so replies may name earlier posts) and likes.
    public func load(_ seed: FakeXSeed) throws {
        if let settings = seed.settings {
            configure { current in
                if let value = settings.likesForbidden { current.likesForbidden = value }
                if let value = settings.repliesRequireMention { current.repliesRequireMention = value }
                if let limits = settings.rateLimits { current.rateLimits.merge(limits) { $1 } }
                if let limits = settings.appRateLimits { current.appRateLimits.merge(limits) { $1 } }
                if let dialect = settings.dialect { current.dialect = dialect }
            }
            try setSeedFault(settings.fault, probability: settings.faultProbability)
        }
        for user in seed.users {
            var credentials: OAuthCredentials?
            if let key = user.consumerKey, let secret = user.consumerSecret, let token = user.accessToken,
                let tokenSecret = user.accessTokenSecret
            {
                credentials = OAuthCredentials(
                    consumerKey: key, consumerSecret: secret, accessToken: token, accessTokenSecret: tokenSecret)
            } else if user.consumerKey != nil || user.consumerSecret != nil || user.accessToken != nil
                || user.accessTokenSecret != nil
            {
                throw FakeSeedError("user \(user.id) needs all four of consumer_key, consumer_secret, access_token, access_token_secret")
            }
            world.withLock { $0.addUser(FakeXUser(id: user.id, username: user.username, name: user.name, credentials: credentials)) }
            // The user's app signs its accounts in with the PIN flow too.
            if let credentials { addApp(consumerKey: credentials.consumerKey, consumerSecret: credentials.consumerSecret) }
            for followee in user.follows ?? [] { follow(user.id, followee) }
        }
        for (index, tweet) in (seed.tweets ?? []).enumerated() {
            var date: Date?
            if let text = tweet.createdAt {
                guard let parsed = ISO8601Timestamp.parse(text) else {
                    throw FakeSeedError("tweets[\(index)].created_at \(text.debugDescription) is not ISO 8601")
                }
                date = parsed
            }
            let retweetOf = tweet.retweetOf ?? (tweet.retweet == true ? "1" : nil)
            addTweet(
                id: tweet.id, authorID: tweet.authorID, text: tweet.text, createdAt: date,
                inReplyToTweetID: tweet.inReplyToTweetID, inReplyToUserID: tweet.inReplyToUserID, retweetOf: retweetOf)
        }
        for like in seed.likes ?? [] { addLike(userID: like.userID, tweetID: like.tweetID) }
        for (index, entry) in (seed.scheduled ?? []).enumerated() {
            try FakeSeedError.checkDelay(entry.afterSeconds, field: "scheduled[\(index)].after_seconds")
            guard world.withLock({ $0.users[entry.authorID] != nil }) else {
                throw FakeSeedError("scheduled[\(index)].author_id \(entry.authorID.debugDescription) is not a user")
            }
        }
    }
}
