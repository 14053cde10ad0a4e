import CoreTestSupport
import Foundation
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

@Suite("The counting network decorator")
struct CountingNetworkTests {
    let world = StatusWorld()
    let scripted = ScriptedNetwork()
    var network: CountingNetwork { CountingNetwork(scripted, account: "bot", board: world.board) }

    func requests(_ endpoint: String, _ status: String) -> Double? {
        world.metric(StatusMetrics.requests, ["account": "bot", "endpoint": endpoint, "status": status])
    }

    @Test("the client's attempts by status class, its retries and its rate-limit waits, in /metrics and on the page")
    func clientCounters() async throws {
        let board = world.board
        _ = try await network.me()
        board.countAttempt(account: "bot", endpoint: "GET /2/users/:id/mentions", status: 503)
        board.countRetry(account: "bot", endpoint: "GET /2/users/:id/mentions")
        board.countAttempt(account: "bot", endpoint: "GET /2/users/:id/mentions", status: 0)
        board.countRetry(account: "bot", endpoint: "GET /2/users/:id/mentions")
        board.countAttempt(account: "bot", endpoint: "GET /2/users/:id/mentions", status: 200)
        board.countAttempt(account: "human", endpoint: "GET /2/users/:id/tweets", status: 429)
        board.countClientWait(account: "human", endpoint: "GET /2/users/:id/tweets", duration: .milliseconds(90_500))
        board.countAttempt(account: "human", endpoint: "GET /2/users/:id/tweets", status: 404)

        let mentions = ["account": "bot", "endpoint": "GET /2/users/:id/mentions"]
        #expect(world.metric(StatusMetrics.attempts, mentions.merging(["status": "5xx"]) { $1 }) == 1)
        #expect(world.metric(StatusMetrics.attempts, mentions.merging(["status": "none"]) { $1 }) == 1)
        #expect(world.metric(StatusMetrics.attempts, mentions.merging(["status": "2xx"]) { $1 }) == 1)
        #expect(world.metric(StatusMetrics.retries, mentions) == 2)
        let tweets = ["account": "human", "endpoint": "GET /2/users/:id/tweets"]
        #expect(world.metric(StatusMetrics.attempts, tweets.merging(["status": "429"]) { $1 }) == 1)
        #expect(world.metric(StatusMetrics.attempts, tweets.merging(["status": "4xx"]) { $1 }) == 1)
        #expect(world.metric(StatusMetrics.clientWaits, tweets) == 1)
        #expect(world.metric(StatusMetrics.clientWaitSeconds, tweets) == 90.5)

        let exposition = try PrometheusExposition.parse(PrometheusText.render(world.snapshot.metrics))
        #expect(exposition.value(StatusMetrics.retries, mentions) == 2)
        let page = StatusPage(world.snapshot).render()
        #expect(page.contains("the client made 5 HTTP attempt(s), retried 2 time(s) and waited 1 time(s) for a rate limit to reset (91 s in all)"))
    }

    @Test("writes and reads are counted by endpoint and outcome")
    func counts() async throws {
        _ = try await network.me()
        _ = try await network.post(text: "やあ", inReplyTo: nil)
        scripted.failPosts([.duplicateContent])
        await #expect(throws: NetworkError.duplicateContent) { try await network.post(text: "やあ", inReplyTo: nil) }
        try await network.like(postID: "5", as: "2")
        #expect(requests("me", "ok") == 1)
        #expect(requests("post", "ok") == 1)
        #expect(requests("post", "duplicate_content") == 1)
        #expect(requests("like", "ok") == 1)
        #expect(scripted.writes.count == 2)
    }

    @Test("a stream counts one request a page, as the consumer asks for pages; a failure is counted with its case")
    func streams() async throws {
        let posts = (1...250).map { NetworkPost(id: String(1000 + $0), text: "t", createdAt: Date(), authorID: "5") }
        scripted.addHome(posts, of: "2")
        var pages = 0
        for try await _ in network.homeTimeline(of: "2", after: nil, limit: 800) {
            pages += 1
            if pages == 2 { break }  // like the learner stopping at a known like
        }
        #expect(requests("home_timeline", "ok") == 2)

        scripted.failReads([.rateLimited(endpoint: "GET mentions", resetAt: Date())])
        await #expect(throws: NetworkError.self) {
            for try await _ in network.mentions(of: "2", after: nil, limit: 10) {}
        }
        #expect(requests("mentions", "rate_limited") == 1)
        #expect(world.metric(StatusMetrics.rateLimitWaits, ["account": "bot", "endpoint": "mentions"]) == 1)
    }

    @Test("a stored position the network cannot read is no request: passed on uncounted; the network's rule for its sent texts is kept")
    func positionsAndSentTexts() async throws {
        await #expect(throws: StreamPositionError.self) {
            for try await _ in network.mentions(of: "2", after: "at://did:plc:a/app.bsky.feed.post/3k", limit: 10) {}
        }
        #expect(requests("mentions", "error") == nil && requests("mentions", "ok") == nil)
        let addressing = CountingNetwork(ScriptedNetwork(postError: nil, sentAs: { "@friend " + $0 }), account: "bot", board: world.board)
        let served = NetworkPost(id: "1", text: "@friend hi", createdAt: Date(), authorID: "2")
        #expect(addressing.isSent("hi", as: served))
        #expect(!network.isSent("hi", as: served))
    }

    @Test("every NetworkError case has a label value of its own", arguments: [
        (NetworkError.duplicateContent, "duplicate_content"), (.likesNotPermitted(detail: ""), "likes_not_permitted"),
        (.replyNotPermitted(detail: ""), "reply_not_permitted"), (.unauthorized(endpoint: "", detail: ""), "unauthorized"),
        (.rateLimited(endpoint: "", resetAt: Date()), "rate_limited"), (.failed(endpoint: "", status: 503, detail: ""), "failed"),
        (.outcomeUnknown(endpoint: "", detail: ""), "outcome_unknown"),
    ])
    func outcomes(error: NetworkError, label: String) {
        #expect(CountingNetwork.outcome(of: error) == label)
    }
}
