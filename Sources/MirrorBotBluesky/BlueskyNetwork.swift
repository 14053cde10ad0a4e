import APIClientCore
import BlueskyAPI
import Foundation
import MirrorBot

/// Bluesky behind the `SocialNetwork` seam: one instance speaks for one account
/// (its `BlueskyClient`'s session). Ids are `at://` URIs; texts are the records'
/// texts byte for byte, with their facets (`NetworkPost.facets`); a text goes out
/// unchanged with the facets stored with it (`facetSource`), or, when it has none,
/// with facets found in it (`BlueskyRichText.draft`).
///
/// - The human's posts are their own: reposts (`reason` repost) are flagged as
///   retweets, never stored; replies keep whom they answer (the parent's DID).
/// - Posts and likes are records written at a record key (a TID) chosen when
///   `post` or `like` is called, right after the daemon claimed the work; every
///   retry reuses it, and a write without an answer is settled by looking the key
///   up (`BlueskyClient.createRecord`): never two records for one claim.
/// - Nothing over 300 graphemes (or 3,000 bytes) is sent: it is refused as a 400,
///   so the posting loop picks another text.
/// - With `likeScope` `.followers` the home timeline this network hands the like
///   loop holds only posts by accounts that follow the bot.
public struct BlueskyNetwork: SocialNetwork {
    public let client: BlueskyClient
    public let likeScope: BlueskyLikeScope
    /// The human's stored posts, whose facets a repost carries; nil: facets are found in the text.
    public let facetSource: (any BlueskyFacetSource)?
    let log: Logger
    let now: @Sendable () -> Date
    let streams = BlueskyStreamBook()
    let refs = BlueskyRefBook()

    /// Bluesky's limits on a post's text.
    public static let graphemeLimit = 300
    public static let byteLimit = 3000

    public init(
        client: BlueskyClient, likeScope: BlueskyLikeScope = .all, facetSource: (any BlueskyFacetSource)? = nil, log: Logger = .silent,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.likeScope = likeScope
        self.facetSource = facetSource
        self.log = log
        self.now = now
    }

    /// A network for `identifier` (handle or DID) and its app password at `serviceURL`,
    /// its session kept in `store`; session events are logged (never a token), and
    /// `observe` hears the client's attempts, retries and rate-limit waits.
    public init(
        serviceURL: URL, identifier: String, appPassword: String, store: any BlueskySessionStore,
        likeScope: BlueskyLikeScope = .all, facetSource: (any BlueskyFacetSource)? = nil, log: Logger = .silent,
        observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in }
    ) {
        let events = log.with(["network": "bluesky", "account": identifier])
        let client = BlueskyClient(
            identifier: identifier, appPassword: appPassword, store: store, configuration: BlueskyClientConfiguration(serviceURL: serviceURL),
            events: { Self.log($0, to: events) }, observe: observe)
        self.init(client: client, likeScope: likeScope, facetSource: facetSource, log: log)
    }

    public func me() async throws -> Account {
        let session = try await Self.mappingErrors { try await client.send(GetSession()) }
        return Account(id: session.did, username: session.handle)
    }

    /// The account's profile (its self-labels: `doctor` checks for `bot`).
    public func profile(of actor: String) async throws -> BlueskyProfile {
        try await Self.mappingErrors { try await client.send(GetProfile(actor: actor)) }
    }

    /// Posts by URI, 25 a request (the import looks up the posts an export's likes name); deleted ones are left out.
    public func posts(uris: [String]) async throws -> [NetworkPost] {
        var posts: [NetworkPost] = []
        for start in stride(from: 0, to: uris.count, by: GetPosts.maximum) {
            let batch = Array(uris[start..<min(start + GetPosts.maximum, uris.count)])
            posts += try await Self.mappingErrors { try await client.send(GetPosts(uris: batch)) }.posts.map { BlueskyPostMapping.post($0) }
        }
        return posts
    }

    /// The author feed with replies; reposts flagged (never the author's own), pins left out.
    public func posts(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        feed(stream: "author \(userID)", sinceID: sinceID, limit: limit) { cursor, size in
            try await client.send(GetAuthorFeed(actor: userID, page: XRPCPage(limit: size, cursor: cursor)))
        } keep: { item in !item.isPin }
    }

    /// The session's own likes (Bluesky shows no one else's): `userID` is not used.
    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        feed(stream: "likes", sinceID: nil, limit: limit) { cursor, size in
            try await client.send(GetActorLikes(actor: userID, page: XRPCPage(limit: size, cursor: cursor)))
        } keep: { _ in true }
    }

    /// The session's home timeline; with `.followers` scope only posts by accounts that follow this one.
    public func homeTimeline(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let scope = likeScope
        return feed(stream: "timeline", sinceID: sinceID, limit: limit) { cursor, size in
            try await client.send(GetTimeline(page: XRPCPage(limit: size, cursor: cursor)))
        } keep: { item in
            !item.isPin && (scope == .all || item.post.author.viewer?.followedBy != nil)
        }
    }

    /// Mentions, replies and quotes from the notifications.
    public func mentions(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let refs = refs
        let walk = BlueskyStreamWalk(stream: "mentions", sinceID: sinceID, limit: limit, book: streams, fetch: { cursor, size in
            let page = try await client.send(ListNotifications(reasons: ["mention", "reply", "quote"], page: XRPCPage(limit: size, cursor: cursor)))
            var items: [BlueskyStreamItem] = []
            for notification in page.notifications {
                await refs.remember(uri: notification.uri, cid: notification.cid)
                let post = ["mention", "reply", "quote"].contains(notification.reason) ? BlueskyPostMapping.post(notification) : nil
                items.append(BlueskyStreamItem(id: notification.uri, time: BlueskyPostMapping.indexed(notification.indexedAt), post: post))
            }
            return (items, page.cursor)
        }, locate: locate)
        return AsyncThrowingStream(unfolding: { try await Self.mappingErrors { try await walk.next() } })
    }

    /// A walk over a feed; `keep` says which items are handed over (all move the position).
    private func feed(
        stream: String, sinceID: String?, limit: Int, page: @escaping @Sendable (String?, Int) async throws -> BlueskyFeedPage,
        keep: @escaping @Sendable (BlueskyFeedItem) -> Bool
    ) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let refs = refs
        let walk = BlueskyStreamWalk(stream: stream, sinceID: sinceID, limit: limit, book: streams, fetch: { cursor, size in
            let fetched = try await page(cursor, size)
            var items: [BlueskyStreamItem] = []
            for item in fetched.feed {
                await refs.remember(uri: item.post.uri, cid: item.post.cid)
                let post = keep(item) ? BlueskyPostMapping.post(item) : nil
                items.append(BlueskyStreamItem(id: item.post.uri, time: BlueskyPostMapping.indexed(item.sortedAt), post: post))
            }
            return (items, fetched.cursor)
        }, locate: locate)
        return AsyncThrowingStream(unfolding: { try await Self.mappingErrors { try await walk.next() } })
    }

    /// The time of a post the stream book does not know: when the AppView indexed it,
    /// else the time in its record key; nil when neither is known.
    private var locate: BlueskyStreamWalk.Locate {
        { [client] uri in
            if let view = try await client.send(GetPosts(uris: [uri])).posts.first { return BlueskyPostMapping.indexed(view.indexedAt) }
            return ATURI(uri).flatMap { TID.date(of: $0.rkey) }
        }
    }

    static func log(_ event: BlueskySessionEvent, to log: Logger) {
        switch event {
        case .loggedIn(let handle, let loginsToday):
            log.info("bluesky_login", ["handle": handle, "logins_24h": loginsToday])
        case .refreshed(let handle):
            log.info("bluesky_session_refreshed", ["handle": handle])
        case .adopted(let handle):
            log.info("bluesky_session_adopted", ["handle": handle, "reason": "another process renewed it"])
        case .refreshRefused(let detail):
            log.warning("bluesky_refresh_refused", ["detail": detail, "action": "logging in again"])
        case .loginRefused(let until, let detail):
            log.warning("bluesky_login_refused", ["detail": detail, "until": until, "action": "waiting: no login past Bluesky's limits"])
        }
    }
}
