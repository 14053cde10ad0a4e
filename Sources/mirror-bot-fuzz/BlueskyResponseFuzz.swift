import APIClientCore
import BlueskyAPI
import Foundation
import MirrorBot
@testable import MirrorBotBluesky

extension FuzzTarget {
    /// A Bluesky answer (status, headers, body) given to every attempt of the XRPC calls the bot
    /// makes, through the shared client (`APIClient<BlueskyDialect>`, `RateLimitScheme.bluesky`)
    /// and its sessions (`BlueskySessions`: a stored session whose access token is a JWT, its
    /// renewal on `ExpiredToken`, a login within `BlueskyLoginBudget`); then `BlueskyNetwork`'s
    /// walks (author feed, timeline, mentions), `me`, a profile, `getPosts`, a reply and a like.
    /// Checked as for X (`FuzzClientHarness`): only `BlueskyAPIError` (`NetworkError` from the
    /// seam), waits within the bound, no token or app password in an error or session line;
    /// and never more logins than the budget allows.
    static let blueskyResponse = FuzzTarget(name: "bluesky-response", about: "BlueskyClient over one answer: sessions, feeds, records, rate limits, BlueskyNetwork") { bytes in
        let harness = FuzzClientHarness(
            reply: FuzzHTTPResponse(bytes).reply, input: text(bytes), secrets: BlueskyFuzz.secrets,
            configuration: BlueskyFuzz.configuration.client, scheme: .bluesky)
        blocking { await BlueskyFuzz.run(harness) }
    }
}

enum BlueskyFuzz {
    static let blobService = BlueskyBlobURL.defaultService
    static let appPassword = "apw-Tq47-Lm28-Zx90"
    /// An access JWT issued at `fuzzNow`, expiring two hours later (`BlueskyTokenClaims` reads it).
    static let session = BlueskySession(
        did: "did:plc:fuzzbot", handle: "bot.example.com",
        accessJwt: "eyJhbGciOiJFUzI1NksifQ.eyJzY29wZSI6ImNvbS5hdHByb3RvLmFjY2VzcyIsInN1YiI6ImRpZDpwbGM6ZnV6emJvdCIsImlhdCI6"
            + "MTcwMDAwMDAwMCwiZXhwIjoxNzAwMDA3MjAwfQ.c2lnLVpyNDhRd",
        refreshJwt: "ref-Hs63Yp15Kd")
    static let secrets = [appPassword, session.accessJwt, session.refreshJwt]
    static let base = URL(string: "https://pds.example.com") ?? URL(fileURLWithPath: "/")
    /// Three logins a day, one already made: two more at most, whatever the answers.
    static let budget = BlueskyLoginBudget(windows: [.init(limit: 3, seconds: 86_400)])
    static let pastLogins = 1
    static let configuration = BlueskyClientConfiguration(
        client: FuzzClientHarness.configuration(baseURL: base), loginBudget: budget)

    static func run(_ harness: FuzzClientHarness) async {
        let store = InMemoryBlueskySessionStore()
        let client = BlueskyClient(
            identifier: session.handle, appPassword: appPassword, store: store, configuration: configuration, transport: harness,
            clock: harness, jitter: { 0.5 },
            events: { harness.check(String(describing: $0), from: "BlueskySessions") })
        let account = client.sessions.account
        await store.save(session, account: account)
        await store.recordLogin(account: account, at: fuzzNow.addingTimeInterval(-3_600))
        await requests(client, harness)
        await network(BlueskyNetwork(client: client, likeScope: .followers, clock: harness), harness)
        checkLogins(await store.logins(account: account, since: .distantPast).count, harness)
    }

    /// Each call the bot makes, at the client: only `BlueskyAPIError`.
    static func requests(_ client: BlueskyClient, _ harness: FuzzClientHarness) async {
        let page = XRPCPage(limit: 5, cursor: "c1")
        for feed in [
            await call(harness, GetAuthorFeed.nsid) { try await client.send(GetAuthorFeed(actor: session.did, page: page)) },
            await call(harness, GetTimeline.nsid) { try await client.send(GetTimeline(page: page)) },
        ] {
            for item in feed?.feed ?? [] { exercise(Post(BlueskyPostMapping.post(item, blobService: Self.blobService))) }
        }
        let notifications = await call(harness, ListNotifications.nsid) {
            try await client.send(ListNotifications(reasons: ["mention", "reply", "quote"], page: page))
        }
        for notification in notifications?.notifications ?? [] { _ = BlueskyPostMapping.post(notification, blobService: Self.blobService) }
        let posts = await call(harness, GetPosts.nsid) { try await client.send(GetPosts(uris: ["at://did:plc:a/app.bsky.feed.post/3k"])) }
        for view in posts?.posts ?? [] { _ = BlueskyPostMapping.post(view, blobService: Self.blobService) }
        _ = await call(harness, GetProfile.nsid) { try await client.send(GetProfile(actor: session.did)).isSelfLabeledBot }
        _ = await call(harness, GetSession.nsid) { try await client.send(GetSession()) }
        let post = BlueskyPostRecord(text: "x", createdAt: "2023-11-14T22:13:20.000Z")
        _ = await call(harness, "createRecord post") {
            try await client.createRecord(post, collection: BlueskyPostRecord.type, rkey: "3kfuzz0000001") { $0.text == post.text }
        }
        let like = BlueskyLikeRecord(subject: BlueskyStrongRef(uri: "at://did:plc:a/app.bsky.feed.post/3k", cid: "bafy"), createdAt: post.createdAt)
        _ = await call(harness, "createRecord like") {
            try await client.createRecord(like, collection: BlueskyLikeRecord.type, rkey: "3kfuzz0000002") { $0.subject == like.subject }
        }
        _ = await call(harness, "com.atproto.repo.getRecord") {
            try await client.send(GetRecord<BlueskyPostRecord>(ATURI(authority: session.did, collection: BlueskyPostRecord.type, rkey: "3kfuzz0000001")))
        }
    }

    /// Through the seam, as the daemon calls it: only `NetworkError`; walks of at most three pages.
    static func network(_ network: BlueskyNetwork, _ harness: FuzzClientHarness) async {
        await harness.walk("BlueskyNetwork.posts", pages: 3, limit: 12) { network.posts(of: session.did, after: nil, limit: 12) }
        await harness.walk("BlueskyNetwork.homeTimeline", pages: 3, limit: 12) {
            network.homeTimeline(of: session.did, after: "bsky1 1700000000000000 at://did:plc:a/app.bsky.feed.post/3k", limit: 12)
        }
        await harness.walk("BlueskyNetwork.mentions", pages: 3, limit: 12) { network.mentions(of: session.did, after: nil, limit: 12) }
        _ = await harness.call("BlueskyNetwork.me", failing: NetworkError.self) { try await network.me() }
        _ = await harness.call("BlueskyNetwork.profile", failing: NetworkError.self) { try await network.profile(of: session.did) }
        _ = await harness.call("BlueskyNetwork.posts(uris:)", failing: NetworkError.self) {
            try await network.posts(uris: ["at://did:plc:a/app.bsky.feed.post/3k", "at://did:plc:b/app.bsky.feed.post/3l"])
        }
        // A reply with a mention (resolved first) and a link, to a post looked up by getPosts.
        _ = await harness.call("BlueskyNetwork.post", failing: NetworkError.self) {
            try await network.post(text: "@alice.example.com see https://example.com/a", inReplyTo: NetworkPost(id: "at://did:plc:a/app.bsky.feed.post/3k", text: "", createdAt: Date(timeIntervalSince1970: 0), authorID: "did:plc:a"))
        }
        _ = await harness.call("BlueskyNetwork.like", failing: NetworkError.self) {
            try await network.like(postID: "at://did:plc:c/app.bsky.feed.post/3m", as: session.did)
        }
    }

    /// No more logins than the budget leaves, nor more `createSession` attempts than those logins may send.
    static func checkLogins(_ logins: Int, _ harness: FuzzClientHarness) {
        let limit = budget.windows.map(\.limit).min() ?? 0
        let perLogin = configuration.client.maxAttempts + configuration.client.maxRateLimitRetries
        let sent = harness.sent(to: CreateSession.nsid)
        fuzzCheck(logins <= limit, "\(logins) logins recorded, the budget allows \(limit)")
        fuzzCheck(sent <= (limit - pastLogins) * perLogin, "\(sent) createSession attempts for \(limit - pastLogins) logins")
    }

    private static func call<T>(_ harness: FuzzClientHarness, _ name: String, _ body: () async throws -> T) async -> T? {
        await harness.call(name, failing: BlueskyAPIError.self, seam: BlueskyNetwork.networkError, body)
    }
}
