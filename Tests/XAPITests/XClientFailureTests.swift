import FakeX
import Foundation
import Testing
import XAPI

@Suite("XClient retries transient failures and classifies refusals")
struct XClientFailureTests {
    @Test("5xx, garbage and dropped connections are retried, then succeed", arguments: [
        FakeXFault.serverError(status: 503), .serverError(status: 500), .garbageBody, .dropConnection,
    ])
    func retriedThenSucceeds(fault: FakeXFault) async throws {
        let fixture = try FakeXFixture()
        fixture.server.injectFault(fault, count: 2)
        let me = try await fixture.client().send(GetMe())
        #expect(me.data?.id == "1")
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/me") == 3)
        let waits = fixture.clock.sleeps
        #expect(waits.count == 2)
    }

    @Test("a persistent 5xx surfaces after the last attempt")
    func persistentServerError() async throws {
        let fixture = try FakeXFixture()
        fixture.server.injectFault(.serverError(status: 503), count: 10)
        await #expect(throws: XAPIError.failed(endpoint: "GET /2/users/me", status: 503, detail: "Service Unavailable")) {
            try await fixture.client().send(GetMe())
        }
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/me") == 4)
    }

    @Test("a persistent garbage body surfaces as undecodable")
    func persistentGarbage() async throws {
        let fixture = try FakeXFixture()
        fixture.server.injectFault(.garbageBody, count: 10, endpoint: "GET /2/users/:id/tweets")
        let stream = fixture.client().pages(.userTweets, userID: "1", limit: 10)
        let error = await #expect(throws: XAPIError.self) { for try await _ in stream {} }
        #expect(error == .failed(endpoint: "GET /2/users/:id/tweets", status: 200, detail: "undecodable response body"))
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/:id/tweets") == 4)
    }

    @Test("backoff grows between attempts")
    func backoffGrows() async throws {
        let fixture = try FakeXFixture()
        fixture.server.injectFault(.serverError(status: 502), count: 3)
        _ = try await fixture.client().send(GetMe())
        let waits = fixture.clock.sleeps
        #expect(waits.count == 3)
        // base 10 ms, doubling, jitter in [0.5, 1.5): 5-15, 10-30, 20-60 ms.
        #expect(waits[0] < .milliseconds(15) && waits[2] >= .milliseconds(20))
    }

    @Test("a duplicate post is refused as duplicate content and not retried")
    func duplicate() async throws {
        let fixture = try FakeXFixture()
        let client = fixture.client(fixture.bot)
        let created = try await client.send(CreateTweet(text: "good morning"))
        let id = try #require(created.data?.id)
        await #expect(throws: XAPIError.self) { try await client.send(CreateTweet(text: "good morning")) }
        do {
            _ = try await client.send(CreateTweet(text: "good morning"))
        } catch let error as XAPIError {
            guard case .duplicateContent(let endpoint, _) = error else {
                Issue.record("expected duplicateContent, got \(error)")
                return
            }
            #expect(endpoint == "POST /2/tweets")
        }
        #expect(fixture.server.writes == [.post(id: id, authorID: "2", text: "good morning")])
        #expect(fixture.server.requestCount(endpoint: "POST /2/tweets") == 3)
    }

    @Test("a post whose answer was lost is not posted twice: the refused retry surfaces as outcomeUnknown")
    func lostResponse() async throws {
        let fixture = try FakeXFixture()
        fixture.server.injectFault(.lostResponse, count: 1, endpoint: "POST /2/tweets")
        let error = await #expect(throws: XAPIError.self) {
            try await fixture.client(fixture.bot).send(CreateTweet(text: "once only"))
        }
        guard case .outcomeUnknown(let endpoint, _) = error else {
            Issue.record("expected outcomeUnknown, got \(String(describing: error))")
            return
        }
        #expect(endpoint == "POST /2/tweets")
        #expect(fixture.server.writes.count == 1)
        #expect(fixture.server.requestCount(endpoint: "POST /2/tweets") == 2)
    }

    @Test("a post answered with an unreadable 2xx body is never sent again")
    func garbageAfterPost() async throws {
        let fixture = try FakeXFixture()
        fixture.server.injectFault(.garbageBody, count: 1, endpoint: "POST /2/tweets")
        await #expect(throws: XAPIError.self) {
            try await fixture.client(fixture.bot).send(CreateTweet(text: "garbled"))
        }
        #expect(fixture.server.requestCount(endpoint: "POST /2/tweets") == 1)
    }

    @Test("forbidden likes surface as likesNotPermitted and are not retried")
    func likesForbidden() async throws {
        let fixture = try FakeXFixture(settings: FakeXSettings(likesForbidden: true))
        let post = fixture.server.addTweet(authorID: "3", text: "nice")
        let error = await #expect(throws: XAPIError.self) {
            try await fixture.client(fixture.bot).send(LikeTweet(userID: "2", tweetID: post))
        }
        guard case .likesNotPermitted(let endpoint, _) = error else {
            Issue.record("expected likesNotPermitted, got \(String(describing: error))")
            return
        }
        #expect(endpoint == "POST /2/users/:id/likes")
        #expect(fixture.server.writes.isEmpty)
        #expect(fixture.server.requestCount(endpoint: "POST /2/users/:id/likes") == 1)
    }

    @Test("a like and a reply are recorded; a reply to a post that did not summon the bot is refused")
    func writes() async throws {
        let fixture = try FakeXFixture(settings: FakeXSettings(repliesRequireMention: true))
        let mention = fixture.server.addTweet(authorID: "3", text: "hey @bot")
        let other = fixture.server.addTweet(authorID: "3", text: "just talking")
        let client = fixture.client(fixture.bot)
        let liked = try await client.send(LikeTweet(userID: "2", tweetID: other))
        #expect(liked.data?.liked == true)
        let reply = try await client.send(CreateTweet(text: "@friend hi", inReplyToTweetID: mention))
        let replyID = try #require(reply.data?.id)
        #expect(fixture.server.tweet(id: replyID)?.inReplyToUserID == "3")
        let error = await #expect(throws: XAPIError.self) {
            try await client.send(CreateTweet(text: "@friend hello", inReplyToTweetID: other))
        }
        guard case .replyNotPermitted = error else {
            Issue.record("expected replyNotPermitted, got \(String(describing: error))")
            return
        }
        #expect(fixture.server.writes == [
            .like(userID: "2", tweetID: other),
            .reply(id: replyID, authorID: "2", text: "@friend hi", inReplyToTweetID: mention),
        ])
        // The new reply shows in the friend's mentions.
        let mentions = try await fixture.client().send(TweetListRequest(.mentions, userID: "3"))
        #expect(mentions.data?.map(\.id) == [replyID])
    }

    @Test("no error text contains a token or secret")
    func noSecretsInErrors() async throws {
        let fixture = try FakeXFixture(settings: FakeXSettings(likesForbidden: true))
        fixture.server.injectFault(.serverError(status: 503), count: 10, endpoint: "GET /2/users/:id/mentions")
        var wrongSecret = fixture.bot
        wrongSecret.consumerSecret = "wrong"
        let wrong = wrongSecret
        let client = fixture.client(fixture.bot, maxAttempts: 2)
        _ = try await client.send(CreateTweet(text: "once"))
        var texts: [String] = []
        for operation in [
            { _ = try await client.send(CreateTweet(text: "once")) },
            { _ = try await client.send(LikeTweet(userID: "2", tweetID: "1")) },
            { _ = try await client.send(TweetListRequest(.mentions, userID: "2")) },
            { _ = try await fixture.client(wrong).send(GetMe()) },
        ] as [@Sendable () async throws -> Void] {
            do {
                try await operation()
                Issue.record("expected an error")
            } catch {
                texts.append("\(error) \(String(reflecting: error)) \(error.localizedDescription)")
            }
        }
        #expect(texts.count == 4)
        for text in texts {
            for secret in [fixture.bot.consumerKey, fixture.bot.consumerSecret, fixture.bot.accessToken, fixture.bot.accessTokenSecret] {
                #expect(!text.contains(secret), "\(text)")
            }
        }
    }
}
