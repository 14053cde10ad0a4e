import FakeX
import Foundation
import Testing
import XAPI

@Suite("XClient pages through post lists")
struct XClientPaginationTests {
    func collect(_ stream: AsyncThrowingStream<XTweetPage, any Error>) async throws -> [[XTweet]] {
        var pages: [[XTweet]] = []
        for try await page in stream { pages.append(page.data ?? []) }
        return pages
    }

    @Test("every page of a walk is seen once, newest first")
    func walk() async throws {
        let fixture = try FakeXFixture()
        let ids = fixture.addPosts(23)
        let pages = try await collect(fixture.client().pages(.userTweets, userID: "1", limit: 1000, pageSize: 5))
        #expect(pages.map(\.count) == [5, 5, 5, 5, 3])
        #expect(pages.flatMap { $0 }.map(\.id) == ids)
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/:id/tweets") == 5)
    }

    @Test("the walk stops at the limit without fetching more")
    func limit() async throws {
        let fixture = try FakeXFixture()
        let ids = fixture.addPosts(40)
        let pages = try await collect(fixture.client().pages(.userTweets, userID: "1", limit: 12, pageSize: 5))
        #expect(pages.flatMap { $0 }.map(\.id) == Array(ids.prefix(12)))
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/:id/tweets") == 3)
    }

    @Test("a consumer that stops early causes no further request")
    func stopEarly() async throws {
        let fixture = try FakeXFixture()
        fixture.addPosts(30)
        for try await _ in fixture.client().pages(.userTweets, userID: "1", limit: 1000, pageSize: 10) { break }
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/:id/tweets") == 1)
    }

    @Test("since_id returns only newer posts")
    func sinceID() async throws {
        let fixture = try FakeXFixture()
        let ids = fixture.addPosts(10)
        let pages = try await collect(fixture.client().pages(.userTweets, userID: "1", sinceID: ids[3], limit: 100))
        #expect(pages.flatMap { $0 }.map(\.id) == Array(ids.prefix(3)))
    }

    @Test("a user's posts stop at X's 3,200")
    func cap() async throws {
        let fixture = try FakeXFixture()
        fixture.addPosts(3230)
        let pages = try await collect(fixture.client().pages(.userTweets, userID: "1", limit: 5000))
        #expect(pages.flatMap { $0 }.count == 3200)
        #expect(Set(pages.flatMap { $0 }.map(\.id)).count == 3200)
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/:id/tweets") == 32)
    }

    @Test("posts carry author names, reply targets, retweet flags and dates")
    func fields() async throws {
        let fixture = try FakeXFixture()
        let created = Date(timeIntervalSince1970: 1_609_958_440)
        let original = fixture.server.addTweet(authorID: "3", text: "hello @human", createdAt: created)
        let reply = fixture.server.addTweet(
            authorID: "1", text: "@friend hi", createdAt: created.addingTimeInterval(60), inReplyToTweetID: original)
        fixture.server.addTweet(authorID: "1", text: "RT @friend: hello", createdAt: created.addingTimeInterval(120), retweetOf: original)
        var pages: [XTweetPage] = []
        for try await page in fixture.client().pages(.userTweets, userID: "1", limit: 10) { pages.append(page) }
        let page = try #require(pages.first)
        let tweets = try #require(page.data)
        #expect(tweets.map(\.isRetweet) == [true, false])
        #expect(tweets[1].id == reply)
        #expect(tweets[1].inReplyToUserID == "3")
        #expect(tweets[1].conversationID == original)
        #expect(tweets[1].createdDate == created.addingTimeInterval(60))
        #expect(page.includedUser(id: "3")?.username == "friend")
        #expect(page.includedUser(id: "1")?.username == "human")
    }

    @Test("home timeline, mentions and likes list the right posts")
    func otherLists() async throws {
        let fixture = try FakeXFixture()
        fixture.server.follow("1", "3")
        let own = fixture.server.addTweet(authorID: "1", text: "mine")
        let followed = fixture.server.addTweet(authorID: "3", text: "hey @bot")
        fixture.server.addTweet(authorID: "2", text: "not followed")
        fixture.server.addLike(userID: "1", tweetID: own)
        fixture.server.addLike(userID: "1", tweetID: followed)
        let client = fixture.client()
        let home = try await collect(client.pages(.homeTimeline, userID: "1", limit: 10)).flatMap { $0 }
        #expect(Set(home.map(\.id)) == [own, followed])
        let mentions = try await collect(fixture.client(fixture.bot).pages(.mentions, userID: "2", limit: 10))
        #expect(mentions.flatMap { $0 }.map(\.id) == [followed])
        let liked = try await collect(client.pages(.likedTweets, userID: "1", limit: 10)).flatMap { $0 }
        #expect(liked.map(\.id) == [followed, own])
    }
}
