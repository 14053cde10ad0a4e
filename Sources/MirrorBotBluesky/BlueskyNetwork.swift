import APIClientCore
import BlueskyAPI
import Clocks
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
/// - A stream's position is the newest item's time and URIs (`BlueskyStreamPosition`,
///   as the client's pager writes it): its feeds page only toward older items. A
///   stored value of another form (the bare URI of versions before positions) is
///   refused as unreadable, and the core reads the stream as on a first run.
/// - A post served carries its reply target (`NetworkPost.replyTarget`: the thread's
///   root and the post as strong refs), so a reply to it needs no read.
public struct BlueskyNetwork: SocialNetwork {
    public let client: BlueskyClient
    public let likeScope: BlueskyLikeScope
    /// The human's stored posts, whose facets a repost carries; nil: facets are found in the text.
    public let facetSource: (any BlueskyFacetSource)?
    /// Where a text's warning is found (the bot's network: the human's stored posts), so a
    /// self-labelled post goes out with the same labels; nil sends none.
    public var warningSource: (any PostWarningSource)?
    let log: Logger
    let clock: any BotClock
    let refs = BlueskyRefBook()

    /// Bluesky's limits on a post's text.
    public static let graphemeLimit = 300
    public static let byteLimit = 3000

    public init(
        client: BlueskyClient, likeScope: BlueskyLikeScope = .all, facetSource: (any BlueskyFacetSource)? = nil, log: Logger = .silent,
        clock: any BotClock = SystemClock()
    ) {
        self.client = client
        self.likeScope = likeScope
        self.facetSource = facetSource
        self.log = log
        self.clock = clock
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

    /// Where the human's pictures are fetched from: the service both accounts log in to (the
    /// entryway bsky.social redirects `getBlob` to the PDS that holds the account).
    var blobService: URL { client.configuration.serviceURL }

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
            posts += try await Self.mappingErrors { try await client.send(GetPosts(uris: batch)) }.posts.map { BlueskyPostMapping.post($0, blobService: blobService) }
        }
        return posts
    }

    /// The author feed with replies; reposts flagged (never the author's own), pins left out.
    public func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        feed(after: position, { client.authorFeed(actor: userID, after: $0, limit: limit) }) { item in !item.isPin }
    }

    /// The session's own likes (Bluesky shows no one else's): `userID` is not used.
    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let pager = client.actorLikes(actor: userID, limit: limit), refs = refs, blobService = blobService
        return AsyncThrowingStream(unfolding: {
            guard let items = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            for item in items { await refs.remember(uri: item.post.uri, cid: item.post.cid) }
            return items.map { BlueskyPostMapping.post($0, blobService: blobService) }
        })
    }

    /// The session's home timeline; with `.followers` scope only posts by accounts that follow this one.
    public func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        let scope = likeScope
        return feed(after: position, { client.timeline(after: $0, limit: limit) }) { item in
            !item.isPin && (scope == .all || item.post.author.viewer?.followedBy != nil)
        }
    }

    static let mentionReasons = ["mention", "reply", "quote"]

    /// Mentions, replies and quotes from the notifications.
    public func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        let after: BlueskyStreamPosition?
        switch Self.decode(position) {
        case .failure(let error): return .failing(error)
        case .success(let decoded): after = decoded
        }
        let pager = client.notifications(reasons: Self.mentionReasons, after: after, limit: limit), refs = refs, blobService = blobService
        return AsyncThrowingStream(unfolding: {
            guard let items = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            for item in items { await refs.remember(uri: item.uri, cid: item.cid) }
            let posts = items.filter { Self.mentionReasons.contains($0.reason) }.compactMap { BlueskyPostMapping.post($0, blobService: blobService) }
            return StreamPage(posts, position: await pager.position.map { StreamPosition($0.encoded) })
        })
    }

    /// A walk over a feed from `position`; `keep` says which items are handed over (all move the position).
    private func feed(
        after position: StreamPosition?, _ pager: (BlueskyStreamPosition?) -> BlueskyPager<BlueskyFeedItem>,
        keep: @escaping @Sendable (BlueskyFeedItem) -> Bool
    ) -> AsyncThrowingStream<StreamPage, any Error> {
        let walk: BlueskyPager<BlueskyFeedItem>
        switch Self.decode(position) {
        case .failure(let error): return .failing(error)
        case .success(let after): walk = pager(after)
        }
        let refs = refs, blobService = blobService
        return AsyncThrowingStream(unfolding: {
            guard let items = try await Self.mappingErrors({ try await walk.next() }) else { return nil }
            for item in items { await refs.remember(uri: item.post.uri, cid: item.post.cid) }
            return StreamPage(items.filter(keep).map { BlueskyPostMapping.post($0, blobService: blobService) }, position: await walk.position.map { StreamPosition($0.encoded) })
        })
    }

    /// A stored position as the pager's; a text of another form is unreadable.
    static func decode(_ position: StreamPosition?) -> Result<BlueskyStreamPosition?, StreamPositionError> {
        guard let position else { return .success(nil) }
        guard let decoded = BlueskyStreamPosition(encoded: position.value) else {
            return .failure(StreamPositionError(position, reason: "not a Bluesky stream position"))
        }
        return .success(decoded)
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
