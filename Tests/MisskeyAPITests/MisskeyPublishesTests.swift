import APIClientCore
import MisskeyAPI
import Testing

@Suite("What publishes a note on Misskey goes first in its server's line")
struct MisskeyPublishesTests {
    @Test("a note (or reply) publishes; a reaction does not")
    func publishes() {
        #expect(CreateNote(text: "おはよう").publishes)
        #expect(CreateNote(text: "そうだね", replyId: "9abc").publishes)
        #expect(!CreateReaction(noteId: "9abc", reaction: "👍").publishes)
    }
}
