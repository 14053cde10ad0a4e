import APIClientCore
import Foundation
import MastodonAPI
import MirrorBot
@testable import MirrorBotMastodon

extension FuzzTarget {
    /// A Mastodon answer (status, headers, body) given to every attempt of the requests the bot
    /// sends, through the shared client (`APIClient<MastodonDialect>`, `RateLimitScheme.mastodon`
    /// with ISO 8601 resets, `MastodonLink` paging), statuses mapped to posts as the daemon does;
    /// then walks through `MastodonNetwork`'s pages and mentions. Checked as for X
    /// (`FuzzClientHarness`): only `MastodonAPIError` (`NetworkError` from the seam), waits
    /// within the bound, the token in no error line.
    static let mastodonResponse = FuzzTarget(name: "mastodon-response", about: "MastodonClient over one answer: MastodonStatus, Link, rate limits, MastodonNetwork") { bytes in
        let answer = FuzzHTTPResponse(bytes)
        let harness = FuzzClientHarness(
            reply: answer.reply, input: text(bytes), secrets: [MastodonFuzz.token], configuration: MastodonFuzz.configuration,
            scheme: .mastodon)
        blocking { await MastodonFuzz.run(harness) }
        if let link = answer.reply.headers["link"] {
            _ = MastodonLink.nextQuery(in: link, base: MastodonFuzz.base)
        }
    }
}

enum MastodonFuzz {
    static let token = "tok-Vb62Kq09Ws"
    static let base = URL(string: "https://example.social") ?? URL(fileURLWithPath: "/")
    static let configuration = FuzzClientHarness.configuration(baseURL: base)

    static func run(_ harness: FuzzClientHarness) async {
        let client = MastodonClient(
            token: token, configuration: configuration, clock: harness, jitter: { 0.5 },
            transport: harness)
        await requests(client, harness)
        await network(MastodonNetwork(client: client), harness)
    }

    /// Each request the bot sends, at the client: only `MastodonAPIError`.
    static func requests(_ client: MastodonClient, _ harness: FuzzClientHarness) async {
        let home = await call(harness, "GET /api/v1/timelines/home") { try await client.sendWithLinks(MastodonListRequest<MastodonStatus>.homeTimeline(sinceID: "5")) }
        for status in home?.response ?? [] {
            _ = MastodonNetwork.isPublic(status)
            exercise(Post(MastodonNetwork.post(status)))
        }
        _ = home?.next?.map(\.name)
        if let notifications = await call(harness, "GET /api/v1/notifications", { try await client.send(MastodonListRequest<MastodonNotification>.mentions()) }) {
            for case let status? in notifications.map(\.status) { _ = MastodonNetwork.post(status) }
        }
        _ = await call(harness, "GET /api/v1/accounts/verify_credentials") { try await client.send(VerifyCredentials()) }
        _ = await call(harness, "POST /api/v1/statuses/:id/favourite") { try await client.send(FavouriteStatus(statusID: "1")) }
    }

    /// Through the seam, as the daemon calls it: only `NetworkError`; walks of at most three pages.
    static func network(_ network: MastodonNetwork, _ harness: FuzzClientHarness) async {
        await harness.walk("MastodonNetwork.posts", pages: 3, limit: 12) { network.posts(of: "3", after: nil, limit: 12) }
        await harness.walk("MastodonNetwork.mentions", pages: 3, limit: 12) { network.mentions(of: "3", after: "notification:1", limit: 12) }
        // A reply to a mention served above starts with its author's acct.
        _ = await harness.call("MastodonNetwork.post", failing: NetworkError.self) {
            try await network.post(text: "y", inReplyTo: NetworkPost(id: "2", text: "", createdAt: Date(timeIntervalSince1970: 0), authorID: "3", authorUsername: "alice"))
        }
    }

    private static func call<T>(_ harness: FuzzClientHarness, _ name: String, _ body: () async throws -> T) async -> T? {
        await harness.call(name, failing: MastodonAPIError.self, seam: MastodonNetwork.networkError, body)
    }
}
