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
}
