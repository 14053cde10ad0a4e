import Foundation
import MirrorBot
@testable import MirrorBotX
@testable import XAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FuzzTarget {
    /// An X API answer (status, headers, body) through the client's `interpret` for each kind of
    /// request the bot sends, the page mapped to posts as the daemon does, then the client's wait
    /// for the rate limit the headers announced (the sleep does nothing).
    static let xResponse = FuzzTarget(name: "x-response", about: "XClient.interpret: XResponse, XTweet, XUser, rate-limit headers") { bytes in
        let answer = FuzzHTTPResponse(bytes)
        guard let response = answer.response(url: XClientConfiguration.defaultBaseURL) else { return }
        blocking {
            let client = XFuzzClient.shared
            let timeline = TweetListRequest(.homeTimeline, userID: "1")
            if case .success(let page) = await client.outcome(timeline, answer.body, response) {
                for post in XNetwork.posts(in: page) { _ = Post(post).hasMention }
            }
            if case .success(let me) = await client.outcome(GetMe(), answer.body, response) { _ = me.data?.username }
            if case .success(let created) = await client.outcome(CreateTweet(text: "x", inReplyToTweetID: "1"), answer.body, response) {
                _ = created.data?.id
            }
            _ = await client.outcome(LikeTweet(userID: "1", tweetID: "2"), answer.body, response)
        }
    }
}

/// One client for every input; its rate-limit book is cleared before each answer.
struct XFuzzClient: Sendable {
    static let shared = XFuzzClient()

    let client = XClient(
        credentials: OAuthCredentials(consumerKey: "k", consumerSecret: "s", accessToken: "t", accessTokenSecret: "u"),
        sleep: { _ in }, now: { fuzzNow }, nonce: { "n" }, jitter: { 0.5 })

    /// What `send` does with one answer: interpret it, mark a 429's window spent, wait for the
    /// window, and describe the error the caller would log (`rateLimited` once out of retries).
    func outcome<R: XRequest>(_ request: R, _ body: Data, _ response: HTTPURLResponse) async -> XClient.Outcome<R.Response> {
        let endpoint = request.endpoint
        await client.rateLimits.markSpent(endpoint: endpoint, resetAt: .distantPast)
        let outcome = await client.interpret(data: body, response: response, request: request)
        switch outcome {
        case .success: break
        case .rateLimited(let resetAt):
            await client.rateLimits.markSpent(endpoint: endpoint, resetAt: resetAt)
            describe(XAPIError.rateLimited(endpoint: endpoint, resetAt: resetAt))
        case .retryable(let error), .final(let error):
            describe(error)
        }
        do {
            try await client.waitForRateLimit(endpoint: endpoint)
        } catch let error as XAPIError {
            describe(error)
        } catch {
            fuzzCheck(false, "waiting for the rate limit threw \(error)")
        }
        return outcome
    }

    /// The lines the daemon would log for `error`, from the client and through the network seam.
    func describe(_ error: XAPIError) {
        _ = String(describing: error)
        _ = String(describing: XNetwork.networkError(error))
    }
}
