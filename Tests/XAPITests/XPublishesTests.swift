import APIClientCore
import Testing
import XAPI

@Suite("What publishes a post on X goes first in its server's line")
struct XPublishesTests {
    @Test("a tweet (or reply) and its media publish; a like does not")
    func publishes() {
        #expect(CreateTweet(text: "おはよう").publishes)
        #expect(CreateTweet(text: "@a そうだね", inReplyToTweetID: "1").publishes)
        #expect(!LikeTweet(userID: "1", tweetID: "2").publishes)
    }
}
