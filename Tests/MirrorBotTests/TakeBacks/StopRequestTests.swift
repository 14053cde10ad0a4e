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

@Suite("A bio that says the account is automated")
struct AutomationDisclosureTests {
    @Test("says it: bot as a word (any case, full width), automated, automation, ボット, 自動", arguments: [
        "Automated mirror of @haru", "a BOT run by @haru", "#bot", "ｂｏｔ です", "Mirror-bot", "bots of @haru",
        "@haru の自動投稿", "ミラーボット", "This account uses automation",
    ])
    func says(bio: String) {
        #expect(AutomationDisclosure.says(bio))
    }

    @Test("does not: a bio without those words, or bot inside another word", arguments: [
        "", "haru's account", "bottle of wine", "robotics fan", "about me",
    ])
    func doesNot(bio: String) {
        #expect(!AutomationDisclosure.says(bio))
    }
}

@Suite("A profile that says no bots")
struct NoBotTagTests {
    @Test("says no: #nobot, #nobots, #noai, #nobotsplease as tags of their own, case and width folded, anywhere", arguments: [
        "#nobot", "Photographer. #NoBot", "#nobots please", "絵を描いています #noai", "#NoBotsPlease", "＃ｎｏｂｏｔ", "art #noai, #nobot.",
        "(#NOAI)",
    ])
    func saysNo(profile: String) {
        #expect(NoBotTag.says(profile))
    }

    @Test("does not: no tag, the words without #, or a longer tag", arguments: [
        "", "nobot", "I like bots", "#nobotanist", "#noair", "#bot", "no ai here", "#no bot",
    ])
    func doesNot(profile: String) {
        #expect(!NoBotTag.says(profile))
    }
}
