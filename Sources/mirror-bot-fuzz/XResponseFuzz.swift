import APIClientCore
import Foundation
import MirrorBot
@testable import MirrorBotX
import XAPI

extension FuzzTarget {
    /// An X API answer (status, headers, body) given to every attempt of the requests the bot
    /// sends, through the shared client (`APIClient<XDialect>`: `RetryPolicy`, `RateLimitScheme.x`,
    /// `RateLimitBook`), the page mapped to posts as the daemon does; then `XNetwork`'s walk
    /// through pages, `me` and `like`. Checked: only `XAPIError` (`NetworkError` from the seam), waits within
    /// the configured bound, no credential in any error line (`FuzzClientHarness`).
    static let xResponse = FuzzTarget(name: "x-response", about: "XClient over one answer: XResponse, XTweet, XUser, rate limits, XNetwork") { bytes in
        let harness = FuzzClientHarness(
            reply: FuzzHTTPResponse(bytes).reply, input: text(bytes), secrets: XFuzz.secrets,
            configuration: XFuzz.configuration, scheme: .x)
        blocking { await XFuzz.run(harness) }
    }
}

enum XFuzz {
    static let credentials = OAuthCredentials(
        consumerKey: "ck-Zq81vGf0Lp", consumerSecret: "cs-Wm37Hd94Rt", accessToken: "at-Xk52Nb60Qs",
        accessTokenSecret: "as-Jy19Tc73Pv")
    static let secrets = [credentials.consumerKey, credentials.consumerSecret, credentials.accessToken, credentials.accessTokenSecret]
    static let configuration = FuzzClientHarness.configuration(baseURL: XClient.defaultBaseURL)

    static func run(_ harness: FuzzClientHarness) async {
        let client = XClient(
            credentials: credentials, configuration: configuration, clock: harness,
            nonce: { "n" }, jitter: { 0.5 }, transport: harness)
        let calls = XFuzzCalls(client: client, harness: harness)
        await calls.requests()
        await calls.network()
    }
}

/// The calls one input goes through, on one client (its rate-limit book carries over from call to call).
struct XFuzzCalls {
    let client: XClient
    let harness: FuzzClientHarness

    /// A page and a post at the client: only `XAPIError`.
    func requests() async {
        if let page = await send(TweetListRequest(.homeTimeline, userID: "1", sinceID: "5")) {
            for post in XNetwork.posts(in: page) { exercise(Post(post)) }
        }
        if let created = await send(CreateTweet(text: "x", inReplyToTweetID: "1")) { _ = created.data?.id }
    }

    /// Through the seam, as the daemon calls it: only `NetworkError`; a walk of at most two pages.
    func network() async {
        let network = XNetwork(client: client, pageSize: 5)
        await harness.walk("XNetwork.posts", pages: 2, limit: 8) { network.posts(of: "1", after: nil, limit: 8) }
        _ = await harness.call("XNetwork.me", failing: NetworkError.self) { try await network.me() }
        _ = await harness.call("XNetwork.like", failing: NetworkError.self) { try await network.like(postID: "2", as: "1") }
    }

    private func send<R: XRequest>(_ request: R) async -> R.Response? {
        await harness.call(request.endpoint, failing: XAPIError.self, seam: XNetwork.networkError) { try await client.send(request) }
    }
}
