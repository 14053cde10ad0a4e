import APIClientCore
import MastodonAPI
import Testing

@Suite("What publishes a post on Mastodon goes first in its server's line")
struct MastodonPublishesTests {
    @Test("a status (or reply) publishes; a favourite does not")
    func publishes() {
        #expect(PostStatus(status: "おはよう").publishes)
        #expect(PostStatus(status: "@a そうだね", inReplyToID: "1").publishes)
        #expect(!FavouriteStatus(statusID: "1").publishes)
    }
}
