import Foundation
import MirrorBot
import Testing

@Suite("Reply text")
struct ReplyTextTests {
    @Test(
        "leading mentions are dropped, whatever the network's handles look like",
        arguments: [
            ("@friend ありがとう", "ありがとう"),
            ("@a @b それは面白いね", "それは面白いね"),
            ("@bob@other.host また今度ね", "また今度ね"),
            ("@carol.bsky.social @dave-x.example.com 元気？", "元気？"),
            ("@alice. thanks", ". thanks"),
            ("thanks @alice", "thanks @alice"),
            ("@only", nil),
        ] as [(String, String?)]
    )
    func body(text: String, expected: String?) {
        #expect(ReplyText.body(of: text) == expected)
    }

    @Test(
        "the names a body mentions: @ not after a letter, digit or _, full-width ＠ too; e-mail addresses are no mention",
        arguments: [
            ("thanks, and @bob too", ["bob"]),
            ("cc @carol.bsky.social and ＠dave", ["carol.bsky.social", "dave"]),
            ("@bob@other.host, see you", ["bob@other.host"]),
            ("mail a@b.example or x_@y", []),
            ("no names here @ all", []),
        ] as [(String, [String])]
    )
    func mentionedNames(text: String, expected: [String]) {
        #expect(ReplyText.mentionedNames(in: text).map(String.init) == expected)
    }

    @Test("bodies: those naming no one first, then those naming only the author (any case, with or without the host); those naming others left out and counted")
    func bodies() {
        let posts = ["@Alice thanks, @bob too", "@alice see you @ALICE", "@alice 元気？", "@alice ok @alice@home.example", "@alice"].enumerated().map {
            Post(id: "\($0.offset)", text: $0.element, createdAt: Date(timeIntervalSince1970: 0), inReplyToUserID: "9")
        }
        let found = ReplyText.bodies(of: posts, answering: "alice")
        #expect(found.usable.map(\.body) == ["元気？", "see you @ALICE", "ok @alice@home.example"])
        #expect(found.usable.map(\.id) == ["2", "1", "3"])
        #expect(found.namingOthers == 1)
        #expect(ReplyText.bodies(of: posts, answering: nil).namingOthers == 3)
    }
}
