import FakeHTTP
import FakeX
import Foundation
import Synchronization
import Testing
import XAPI

@Suite("fake-x seed files and big bodies")
struct FakeXSeedTests {
    @Test("a seed's users, posts, follows and likes are served")
    func seed() async throws {
        let json = #"""
            {"settings": {"likes_forbidden": true, "rate_limits": {"GET /2/users/me": {"limit": 5, "window": 60}}},
             "users": [
               {"id": "1", "username": "human", "consumer_key": "ck", "consumer_secret": "cs",
                "access_token": "1-at", "access_token_secret": "ats", "follows": ["3"]},
               {"id": "3", "username": "friend"}],
             "tweets": [
               {"id": "100", "author_id": "3", "text": "hi @human", "created_at": "2021-01-06T18:40:40.000Z"},
               {"id": "101", "author_id": "1", "text": "@friend hello", "in_reply_to_tweet_id": "100"},
               {"author_id": "1", "text": "RT @friend: hi", "retweet": true}],
             "likes": [{"user_id": "1", "tweet_id": "100"}]}
            """#
        let server = FakeXServer()
        try server.load(JSONDecoder().decode(FakeXSeed.self, from: Data(json.utf8)))
        try server.start()
        let credentials = OAuthCredentials(consumerKey: "ck", consumerSecret: "cs", accessToken: "1-at", accessTokenSecret: "ats")
        let client = XClient(credentials: credentials, configuration: XClientConfiguration(baseURL: server.baseURL))
        #expect(try await client.send(GetMe()).data?.username == "human")
        let mine = try await client.send(TweetListRequest(.userTweets, userID: "1"))
        #expect(mine.data?.count == 2)
        #expect(mine.data?.first?.isRetweet == true)
        #expect(mine.data?.last?.inReplyToUserID == "3")
        let home = try await client.send(TweetListRequest(.homeTimeline, userID: "1"))
        #expect(home.data?.count == 3)
        let mentions = try await client.send(TweetListRequest(.mentions, userID: "1"))
        #expect(mentions.data?.map(\.id) == ["100"])
        #expect(try await client.send(TweetListRequest(.likedTweets, userID: "1")).data?.map(\.id) == ["100"])
        await #expect(throws: XAPIError.likesNotPermitted(endpoint: "POST /2/users/:id/likes", detail: "You are not permitted to perform this action: likes are not available at this access level.")) {
            try await client.send(LikeTweet(userID: "1", tweetID: "100"))
        }
    }

    @Test("scheduled posts appear at their time, in timelines and mentions, with a fresh id")
    func scheduled() async throws {
        let json = #"""
            {"users": [
               {"id": "2", "username": "bot", "consumer_key": "ck", "consumer_secret": "cs",
                "access_token": "2-at", "access_token_secret": "ats", "follows": ["3"]},
               {"id": "3", "username": "friend"}],
             "scheduled": [{"after_seconds": 0.3, "author_id": "3", "text": "@bot hello"}]}
            """#
        let seed = try JSONDecoder().decode(FakeXSeed.self, from: Data(json.utf8))
        let server = FakeXServer()
        try server.load(seed)
        let added = Mutex<[String]>([])
        server.schedule(seed.scheduled ?? []) { _, id in added.withLock { $0.append(id) } }
        try server.start()
        let credentials = OAuthCredentials(consumerKey: "ck", consumerSecret: "cs", accessToken: "2-at", accessTokenSecret: "ats")
        let client = XClient(credentials: credentials, configuration: XClientConfiguration(baseURL: server.baseURL))
        #expect(try await client.send(TweetListRequest(.mentions, userID: "2")).data == nil)
        try await Task.sleep(for: .seconds(1))
        let ids = added.withLock { $0 }
        #expect(ids.count == 1)
        #expect(try await client.send(TweetListRequest(.mentions, userID: "2")).data?.map(\.id) == ids)
        #expect(try await client.send(TweetListRequest(.homeTimeline, userID: "2")).data?.map(\.text) == ["@bot hello"])
    }

    @Test("a scheduled post by an unknown author is an error")
    func scheduledUnknownAuthor() throws {
        let json = #"{"users": [{"id": "1", "username": "human"}], "scheduled": [{"after_seconds": 1, "author_id": "9", "text": "hi"}]}"#
        #expect(throws: FakeSeedError.self) {
            try FakeXServer().load(JSONDecoder().decode(FakeXSeed.self, from: Data(json.utf8)))
        }
    }

    @Test("incomplete credentials in a seed are an error")
    func incompleteCredentials() throws {
        let json = #"{"users": [{"id": "1", "username": "human", "consumer_key": "ck"}]}"#
        #expect(throws: FakeSeedError.self) {
            try FakeXServer().load(JSONDecoder().decode(FakeXSeed.self, from: Data(json.utf8)))
        }
    }

    @Test("a long post (a body over 1 KiB, sent with Expect: 100-continue) is accepted")
    func longPost() async throws {
        let server = FakeXServer()
        let bot = server.addUser(id: "2", username: "bot")
        try server.start()
        let client = XClient(credentials: bot, configuration: XClientConfiguration(baseURL: server.baseURL))
        let text = String(repeating: "🍣", count: 280)
        let created = try await client.send(CreateTweet(text: text))
        #expect(created.data?.text == text)
        #expect(server.writes.count == 1)
    }
}
