import Foundation
import Testing
@testable import XAPI

@Suite("Typed requests build X's paths, queries and bodies")
struct XRequestTests {
    @Test("list requests clamp max_results and drop since_id where X has none", arguments: [
        (TweetTimeline.userTweets, 500, "/2/users/42/tweets", "100", true),
        (.likedTweets, 1, "/2/users/42/liked_tweets", "5", false),
        (.homeTimeline, 1, "/2/users/42/timelines/reverse_chronological", "1", true),
        (.mentions, 3, "/2/users/42/mentions", "5", true),
    ])
    func listQuery(timeline: TweetTimeline, maxResults: Int, path: String, sent: String, hasSinceID: Bool) {
        let request = TweetListRequest(timeline, userID: "42", sinceID: "7", maxResults: maxResults, paginationToken: "abc")
        #expect(request.path == path)
        #expect(request.method == "GET")
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        #expect(query["max_results"] == sent)
        #expect((query["since_id"] != nil) == hasSinceID)
        #expect(query["pagination_token"] == "abc")
        // The human's own posts come with their media (issue 40); the other lists do not ask (X bills media reads).
        let media = timeline == .userTweets
        #expect(query["tweet.fields"] == "created_at,author_id,in_reply_to_user_id,referenced_tweets,conversation_id" + (media ? ",attachments" : ""))
        #expect(query["expansions"] == "author_id,in_reply_to_user_id" + (media ? ",attachments.media_keys" : ""))
        #expect(query["media.fields"] == (media ? "alt_text,height,media_key,type,url,variants,width" : nil))
        #expect(query["user.fields"] == "username")
        #expect(query["exclude"] == nil)
    }

    @Test("a reply's JSON body")
    func createBody() throws {
        let body = try #require(CreateTweet(text: "hi", inReplyToTweetID: "9").body)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["text"] as? String == "hi")
        #expect((json["reply"] as? [String: String])?["in_reply_to_tweet_id"] == "9")
        #expect(CreateTweet(text: "x").refusal == .createTweet(isReply: false))
        let pictures = try #require(CreateTweet(text: "", mediaIDs: ["11", "12"]).body)
        #expect(String(decoding: pictures, as: UTF8.self) == #"{"media":{"media_ids":["11","12"]},"text":""}"#
            || String(decoding: pictures, as: UTF8.self) == #"{"text":"","media":{"media_ids":["11","12"]}}"#)
        let like = LikeTweet(userID: "2", tweetID: "5")
        #expect(like.endpoint == "POST /2/users/:id/likes")
        #expect(like.path == "/2/users/2/likes")
        #expect(String(decoding: like.body ?? Data(), as: UTF8.self) == #"{"tweet_id":"5"}"#)
    }

    @Test("X's list response decodes, partial errors and retweets included")
    func decodePage() throws {
        let json = #"""
            {"data":[{"id":"1346889436626259968","text":"RT @x: hi","created_at":"2021-01-06T18:40:40.000Z",
              "author_id":"2244994945","conversation_id":"1346889436626259968","edit_history_tweet_ids":["1346889436626259968"],
              "referenced_tweets":[{"type":"retweeted","id":"1"}]}],
             "includes":{"users":[{"id":"2244994945","name":"Dev","username":"XDevelopers"}]},
             "meta":{"result_count":1,"newest_id":"1346889436626259968","oldest_id":"1346889436626259968","next_token":"7140dibdnow9c7btw3w29grvxfcgvpb9n9coehpk7xz5i"},
             "errors":[{"title":"Not Found Error","detail":"Could not find user"}]}
            """#
        let page = try JSONDecoder().decode(XTweetPage.self, from: Data(json.utf8))
        let tweet = try #require(page.data?.first)
        #expect(tweet.isRetweet)
        #expect(tweet.createdDate == Date(timeIntervalSince1970: 1_609_958_440))
        #expect(page.includedUser(id: tweet.authorID)?.username == "XDevelopers")
        #expect(page.meta?.nextToken == "7140dibdnow9c7btw3w29grvxfcgvpb9n9coehpk7xz5i")
        #expect(page.errors?.first?.summary == "Could not find user")
        // The snowflake of that post encodes the same second.
        let snowflake = try #require(XDate.fromSnowflake(tweet.id))
        #expect(abs(snowflake.timeIntervalSince1970 - 1_609_958_440) < 1)
    }
}
