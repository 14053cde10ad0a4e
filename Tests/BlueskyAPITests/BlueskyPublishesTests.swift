import APIClientCore
@testable import BlueskyAPI
import Testing

@Suite("What publishes a post on Bluesky goes first in its server's line")
struct BlueskyPublishesTests {
    @Test("a post record publishes; a like record does not")
    func publishes() {
        #expect(CreateRecord(repo: "did:plc:abc", collection: BlueskyPostRecord.type, rkey: "3k", record: "x").publishes)
        #expect(!CreateRecord(repo: "did:plc:abc", collection: BlueskyLikeRecord.type, rkey: "3k", record: "x").publishes)
    }
}
