import FakeHTTP
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

    /// Registers an app for the PIN flow: its consumer key and secret, and its permission
    /// (`read` or `read-write`), which caps the access level of the tokens it gets.
    public func addApp(consumerKey: String, consumerSecret: String, permission: String = "read-write") {
        world.withLock { $0.pinFlow.apps[consumerKey] = (consumerSecret, permission) }
    }

    /// The user a browser opening `/oauth/authorize` is signed in as (nil: nobody); the page then
    /// shows that user a PIN.
    public func signInBrowser(userID: String?) {
        world.withLock { $0.pinFlow.browserUserID = userID }
    }

    /// Sets a user's profile bio (`description`).
    public func setDescription(userID: String, _ description: String) {
        world.withLock { $0.users[userID]?.description = description }
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
    public var requests: [FakeXRequestRecord] { world.withLock { $0.requests.records } }

    /// How many requests reached `endpoint` (e.g. `GET /2/users/:id/mentions`).
    public func requestCount(endpoint: String) -> Int {
        world.withLock { $0.requests.count(endpoint: endpoint) }
    }

    public func tweet(id: String) -> FakeXTweet? { world.withLock { $0.tweets[id] } }

    /// A user's posts, newest first.
    public func tweets(by authorID: String) -> [FakeXTweet] {
        world.withLock { $0.tweets.values.filter { $0.authorID == authorID }.sorted { $0.number > $1.number } }
    }

    /// The ids `userID` liked, oldest first.
    public func likes(of userID: String) -> [String] { world.withLock { $0.likes[userID] ?? [] } }

    /// Sets `endpoint`'s limit (per user) to `limit` requests per `window` seconds.
    public func setRateLimit(endpoint: String, limit: Int, window: TimeInterval) {
        configure { $0.rateLimits[endpoint] = FakeXRateLimit(limit: limit, window: window) }
    }

    /// Sets `endpoint`'s limit per app (over all users of one consumer key) to `limit` requests per `window` seconds.
    public func setAppRateLimit(endpoint: String, limit: Int, window: TimeInterval) {
        configure { $0.appRateLimits[endpoint] = FakeXRateLimit(limit: limit, window: window) }
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

extension FakeXServer: FaultInjecting {
    public func changeFaults(_ change: (inout FaultPlan<HTTPFault>) -> Void) {
        world.withLock { change(&$0.faults) }
    }
}

/// Pictures in the fake world: the human's, served at their URLs, and what the bot attached.
extension FakeXServer {
    /// Adds a post of `authorID`'s with `pictures` attached in order, each served at its URL.
    @discardableResult
    public func addTweet(authorID: String, text: String, createdAt: Date? = nil, pictures: [FakeXPicture]) -> String {
        let id = addTweet(authorID: authorID, text: text, createdAt: createdAt)
        addPictures(pictures, toTweet: id)
        return id
    }

    /// Attaches `pictures` to a post after its own, each served at its URL; returns those URLs in
    /// order (empty when there is no such post).
    @discardableResult
    public func addPictures(_ pictures: [FakeXPicture], toTweet id: String) -> [String] {
        let base = baseURL.absoluteString
        return world.withLock { world in
            guard let authorID = world.tweets[id]?.authorID else { return [] }
            let added = pictures.map {
                world.addMedia(
                    data: $0.data, contentType: $0.contentType, category: "tweet_image", ownerID: authorID, altText: $0.altText,
                    width: $0.width, height: $0.height)
            }
            world.tweets[id]?.mediaKeys += added.map(\.key)
            return added.map { base + $0.path }
        }
    }

    /// The media of a post, in order (what the bot's post carried).
    public func media(ofTweet id: String) -> [FakeXMedia] {
        world.withLock { world in world.tweets[id]?.mediaKeys.compactMap { world.media[$0] } ?? [] }
    }

    /// Every upload made with `POST /2/media/upload`, in order, attached or not.
    public var uploads: [FakeXMedia] {
        world.withLock { world in world.uploads.compactMap { world.media[$0] } }
    }

    /// Stops serving the `index`-th picture of a post (its host answers 404).
    public func removeFile(ofTweet id: String, at index: Int) {
        world.withLock { world in
            guard let keys = world.tweets[id]?.mediaKeys, keys.indices.contains(index), let path = world.media[keys[index]]?.path else { return }
            world.removedFiles.insert(path)
        }
    }
}
