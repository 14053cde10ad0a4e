import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Synchronization
import Testing

@Suite("PostSender: never twice")
struct PostSenderTests {
    let bot = Account(id: "2", username: "mirror")
    let start = Date().addingTimeInterval(-1)
    func mine(_ text: String, id: String = "900", at date: Date = Date(), replyTo: String? = nil) -> NetworkPost {
        NetworkPost(id: id, text: text, createdAt: date, authorID: "2", authorUsername: "mirror", inReplyToUserID: replyTo)
    }

    @Test("an answered post is posted")
    func answered() async throws {
        let outcome = try await PostSender(bot: ScriptedNetwork(postError: nil), botAccount: bot).send("hello", postedBefore: false, startedAt: start)
        #expect(outcome == .posted(id: "9000001"))
    }

    @Test("a 5xx after which the text is among the bot's posts counts as posted, with that id")
    func serverErrorButPosted() async throws {
        let network = ScriptedNetwork(postError: .failed(endpoint: "POST /2/tweets", status: 503, detail: "x"), timeline: [mine("hello")])
        #expect(try await PostSender(bot: network, botAccount: bot).send("hello", postedBefore: false, startedAt: start) == .posted(id: "900"))
    }

    @Test("a 5xx after which the text is not there is rethrown: nothing was posted, it may be tried again")
    func serverErrorNotPosted() async throws {
        let network = ScriptedNetwork(postError: .failed(endpoint: "POST /2/tweets", status: 503, detail: "x"), timeline: [mine("other")])
        await #expect(throws: NetworkError.self) {
            try await PostSender(bot: network, botAccount: bot).send("hello", postedBefore: false, startedAt: start)
        }
    }

    @Test("a 5xx and a failed look-up is unconfirmed: never sent again")
    func serverErrorUnknown() async throws {
        let network = ScriptedNetwork(postError: .failed(endpoint: "POST /2/tweets", status: 0, detail: "lost"), timelineFails: true)
        let outcome = try await PostSender(bot: network, botAccount: bot).send("hello", postedBefore: false, startedAt: start)
        #expect(outcome == .unconfirmed(detail: "lost"))
    }

    @Test("a retry refused as duplicate is unconfirmed even when the timeline does not show the post yet")
    func outcomeUnknown() async throws {
        let network = ScriptedNetwork(postError: .outcomeUnknown(endpoint: "POST /2/tweets", detail: "dup"), timeline: [])
        #expect(try await PostSender(bot: network, botAccount: bot).send("hello", postedBefore: false, startedAt: start) == .unconfirmed(detail: "dup"))
    }

    /// The mention `5` by user `7`, as a stream served it.
    let mention = NetworkPost(id: "5", text: "@mirror hi", createdAt: Date(), authorID: "7", authorUsername: "friend")

    @Test("a reply the network sent otherwise than given (Mastodon's @author in front) is found as the network recognises it")
    func prefixedReply() async throws {
        let network = ScriptedNetwork(
            postError: .failed(endpoint: "POST", status: 502, detail: "x"), timeline: [mine("@friend hello there", replyTo: "7")],
            sentAs: { "@friend " + $0 })
        #expect(try await PostSender(bot: network, botAccount: bot).send("hello there", inReplyTo: mention, postedBefore: false, startedAt: start) == .posted(id: "900"))
    }

    @Test("clear refusals are outcomes, and a rate limit is rethrown as nothing was sent", arguments: [
        (NetworkError.duplicateContent, PostOutcome.refused(.duplicate)),
        (NetworkError.replyNotPermitted(detail: "d"), PostOutcome.refused(.notPermitted(detail: "d"))),
        (NetworkError.failed(endpoint: "POST", status: 400, detail: "too long"), PostOutcome.refused(.rejected(detail: "HTTP 400: too long"))),
    ])
    func refusals(error: NetworkError, expected: PostOutcome) async throws {
        #expect(try await PostSender(bot: ScriptedNetwork(postError: error), botAccount: bot).send("t", postedBefore: false, startedAt: start) == expected)
    }

    @Test("the same text posted before the attempt is not taken for it: the attempt is rethrown as not posted")
    func olderPostIgnored() async throws {
        let network = ScriptedNetwork(
            postError: .failed(endpoint: "POST", status: 503, detail: "x"), timeline: [mine("hello", at: Date().addingTimeInterval(-3_600))])
        await #expect(throws: NetworkError.self) {
            try await PostSender(bot: network, botAccount: bot).send("hello", postedBefore: false, startedAt: start)
        }
    }

    @Test("a reply with the same text to someone else is not taken for it")
    func otherTargetIgnored() async throws {
        let network = ScriptedNetwork(postError: .failed(endpoint: "POST", status: 503, detail: "x"), timeline: [mine("hi", replyTo: "8")])
        await #expect(throws: NetworkError.self) {
            try await PostSender(bot: network, botAccount: bot).send("hi", inReplyTo: mention, postedBefore: false, startedAt: start)
        }
    }

    @Test("a text posted before and refused on a retry was refused, not posted")
    func postedBeforeRefused() async throws {
        let network = ScriptedNetwork(postError: .outcomeUnknown(endpoint: "POST /2/tweets", detail: "dup"))
        #expect(try await PostSender(bot: network, botAccount: bot).send("hello", postedBefore: true, startedAt: start) == .refused(.duplicate))
    }

    @Test("a rate limit is rethrown")
    func rateLimited() async throws {
        let network = ScriptedNetwork(postError: .rateLimited(endpoint: "POST", resetAt: Date()))
        await #expect(throws: NetworkError.self) {
            try await PostSender(bot: network, botAccount: bot).send("t", postedBefore: false, startedAt: start)
        }
        #expect(network.sent == 1)
    }
}

@Suite("Loop health")
struct LoopHealthTests {

    @Test("healthy while every loop succeeds within its wait plus the grace; one late loop makes it unhealthy")
    func lateLoop() {
        let clock = ManualClock()
        let health = LoopHealth(loopNames: ["posting", "replies"], clock: clock, grace: 600)
        #expect(health.isHealthy)
        clock.advance(500)
        health.succeeded("posting", wait: .seconds(60))
        health.succeeded("replies", wait: .seconds(300))
        clock.advance(800)
        #expect(health.isHealthy == false)  // posting: 800 > 60 + 600
        health.succeeded("posting", wait: .seconds(60))
        #expect(health.isHealthy)           // replies: 800 <= 300 + 600
        clock.advance(200)
        #expect(health.isHealthy == false)  // replies: 1000 > 900
    }
}
