import Foundation
import XAPI

/// The in-process API: build the world, inspect what clients did, inject faults.
extension FakeXServer {
    /// Registers a user; returns its credentials (generated when not given).
    @discardableResult
    public func addUser(id: String, username: String, name: String? = nil, credentials: OAuthCredentials? = nil)
        -> OAuthCredentials
    {
        let credentials = credentials ?? Self.makeCredentials(userID: id)
        world.withLock { $0.addUser(FakeXUser(id: id, username: username, name: name, credentials: credentials)) }
        return credentials
    }

    /// Adds a post and returns its id (a snowflake of `createdAt` when `id` is nil).
    /// A reply names its target post; `inReplyToUserID` defaults to that post's author.
    /// A retweet names the retweeted post.
    @discardableResult
    public func addTweet(
        id: String? = nil, authorID: String, text: String, createdAt: Date? = nil, inReplyToTweetID: String? = nil,
        inReplyToUserID: String? = nil, retweetOf: String? = nil
    ) -> String {
        let date = createdAt ?? Date()
        return world.withLock {
            $0.insertTweet(
                id: id, authorID: authorID, text: text, createdAt: date, inReplyToTweetID: inReplyToTweetID,
                inReplyToUserID: inReplyToUserID, retweetOfID: retweetOf
            ).id
        }
    }

    /// `userID` likes `tweetID` (the newest like comes first in `liked_tweets`).
    public func addLike(userID: String, tweetID: String) {
        world.withLock { world in
            if !(world.likes[userID] ?? []).contains(tweetID) { world.likes[userID, default: []].append(tweetID) }
        }
    }

    /// `followerID` follows `followeeID`: the followee's posts appear on the follower's home timeline.
    public func follow(_ followerID: String, _ followeeID: String) {
        world.withLock { _ = $0.follows[followerID, default: []].insert(followeeID) }
    }

    /// Every accepted write, in order.
    public var writes: [FakeXWrite] { world.withLock { $0.writes } }

    /// Every request answered (or dropped), in order.
    public var requests: [FakeXRequestRecord] { world.withLock { $0.requests } }

    /// How many requests reached `endpoint` (e.g. `GET /2/users/:id/mentions`).
    public func requestCount(endpoint: String) -> Int {
        world.withLock { $0.requests.filter { $0.endpoint == endpoint }.count }
    }

    public func tweet(id: String) -> FakeXTweet? { world.withLock { $0.tweets[id] } }

    /// A user's posts, newest first.
    public func tweets(by authorID: String) -> [FakeXTweet] {
        world.withLock { $0.tweets.values.filter { $0.authorID == authorID }.sorted { $0.number > $1.number } }
    }

    /// The ids `userID` liked, oldest first.
    public func likes(of userID: String) -> [String] { world.withLock { $0.likes[userID] ?? [] } }

    /// The next `count` requests (to `endpoint`, or any) fail with `fault`.
    public func injectFault(_ fault: FakeXFault, count: Int = 1, endpoint: String? = nil) {
        world.withLock { $0.faults.pending.append(.init(fault: fault, remaining: count, endpoint: endpoint)) }
    }

    /// Every request fails with `fault` with this probability (0 turns it off).
    public func setFaultProbability(_ probability: Double, fault: FakeXFault) {
        world.withLock { $0.faults.random = probability > 0 ? (fault, probability) : nil }
    }

    /// Sets `endpoint`'s limit (per user) to `limit` requests per `window` seconds.
    public func setRateLimit(endpoint: String, limit: Int, window: TimeInterval) {
        configure { $0.rateLimits[endpoint] = FakeXRateLimit(limit: limit, window: window) }
    }

    /// Random credentials for a test user (X's token shape: `<user id>-<random>`).
    public static func makeCredentials(userID: String) -> OAuthCredentials {
        OAuthCredentials(
            consumerKey: "ck" + OAuthSigner.randomNonce().prefix(20),
            consumerSecret: OAuthSigner.randomNonce() + OAuthSigner.randomNonce(),
            accessToken: userID + "-" + OAuthSigner.randomNonce(),
            accessTokenSecret: OAuthSigner.randomNonce() + OAuthSigner.randomNonce())
    }
}
