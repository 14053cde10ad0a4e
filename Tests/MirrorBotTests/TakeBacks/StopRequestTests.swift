import MirrorBot
import Testing

@Suite struct StopRequestTests {
    @Test("asks to stop: English words in any case and width, Japanese phrases anywhere, around @names and links", arguments: [
        "@mirror stop", "@mirror STOP!", "@mirror ＳＴＯＰ", "@mirror please stop.", "Stop it @mirror", "@mirror unsubscribe",
        "@mirror leave me alone", "@mirror Leave  me\nalone!!", "@mirror opt-out", "@mirror do not reply", "@mirror don't reply to me",
        "@mirror やめて", "@mirror もうやめてください", "@mirror 止めて", "@mirror ｽﾄｯﾌﾟ", "@mirror 絡まないで https://example.com/stop",
    ])
    func asks(text: String) {
        #expect(StopRequest.asks(text))
    }

    @Test("does not ask to stop: the words inside other words, in a link or a name, or ordinary talk", arguments: [
        "@mirror 元気？", "@mirror the bus stopped here", "@mirror nonstop fun", "@mirror see https://example.com/stop",
        "@stop hello", "@mirror subscribe!", "@mirror 今日もいい天気", "@mirror alone at last",
    ])
    func doesNotAsk(text: String) {
        #expect(!StopRequest.asks(text))
    }
}
