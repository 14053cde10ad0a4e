import CoreTestSupport
import Foundation
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

@Suite("The status page, rendered on the server")
struct StatusPageTests {
    static let hostile = #"<script>alert("x")</script> & <img src=x onerror=alert(1)> 'quoted'"#

    func busyWorld() -> StatusWorld {
        let world = StatusWorld(at: "10:00")
        world.started()
        world.publishPlan([("07:40", .posted), ("09:10", .planned), ("21:00", .planned)])
        world.board.publishRhythm(RhythmStatus(
            human: (0..<1440).map { $0 / 60 == 7 ? 2 : ($0 / 60 == 21 ? 1 : 0) }, botEarlierDays: [460, 1270], days: 14, day: StatusWorld.day))
        world.log("posting").report(.posted(StatusWorld.post("09:10", at: "09:11", text: Self.hostile), id: "9"))
        world.log("replies").report(.replied(BotEvent.Reply(mention: "5", to: "@friend", text: "また今度ね"), id: "10"))
        world.log("likes").report(StatusWorld.like("7", author: "@foodie", ratio: 14.741, features: ["ラーメン", "<blink>"], .liked))
        return world
    }

    @Test("shows today's plan with each slot's fate, and the last reply")
    func planAndReply() {
        let page = StatusPage(busyWorld().snapshot).render()
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("Today's plan (2026-12-01, Asia/Tokyo)"))
        #expect(page.contains("<td>07:40</td><td>posted"))
        #expect(page.contains("<td>09:10</td><td>posted at 10:00"))
        #expect(page.contains("<td>21:00</td><td><span class=\"muted\">planned</span>"))
        #expect(page.contains("Next slot: 21:00."))
        #expect(page.contains("Last reply: to @friend at 12-01 10:00: <q>また今度ね</q>"))
        #expect(page.contains("Healthy"))
    }

    @Test("the style sheet goes in as markup: its quoted font names and quotes are not escaped")
    func styleSheet() {
        let page = StatusPage(busyWorld().snapshot).render()
        #expect(page.contains(#"font:15px/1.45 system-ui,-apple-system,"Segoe UI""#))
        #expect(!page.contains("&quot;Segoe UI"))
        #expect(!HostPage(HostWorld().snapshot).render().contains("&quot;Segoe UI"))
    }

    @Test("escapes an HTML-laden post wherever it appears; the page has no script at all")
    func escapes() {
        let page = StatusPage(busyWorld().snapshot).render()
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        // A hostile feature too (`<b>` is the page's own markup, around the threshold).
        #expect(!page.contains("<blink>"))
        #expect(page.contains("&lt;blink&gt;"))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; &#39;quoted&#39;"))
        #expect(page.contains("ラーメン"))
    }

    @Test("a picture post going out shows how many pictures and each alt text, escaped; the page fetches no picture")
    func pictures() {
        let world = StatusWorld(at: "10:00")
        world.started()
        var post = StatusWorld.post("09:10", at: "09:11", text: "夕焼け")
        post.pictures = ["海に沈む赤い太陽", nil, Self.hostile]
        world.log("posting").report(.posted(post, id: "9"))
        world.log("posting").report(.posted(StatusWorld.post("09:40", at: "09:41", text: "文字だけ"), id: "10"))
        let page = StatusPage(world.snapshot).render()
        #expect(page.contains("<q>夕焼け</q><div class=\"pictures\">3 pictures<ol><li>alt: <q>海に沈む赤い太陽</q></li><li class=\"muted\">no alt text</li>"))
        #expect(page.contains("<li>alt: <q>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        // The post without pictures says nothing of pictures.
        #expect(page.components(separatedBy: "class=\"pictures\"").count == 2)
        #expect(world.state.actions.first { $0.text == "夕焼け" }?.pictures.count == 3)
    }

    @Test("the rhythm chart is inline SVG: the human's shares beside the bot's, by hour")
    func rhythm() {
        let page = StatusPage(busyWorld().snapshot).render()
        #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(page.contains("the human (180 posts) beside the bot (4 posts)"))
        #expect(page.contains("<title>human 07:00: 120 (66.7%)</title>"))
        // 07:40 and 21:10 on earlier days; today 07:40, and 09:10 posted at 10:00.
        #expect(page.contains("<title>bot 07:00: 2 (50.0%)</title>"))
        #expect(page.contains("<title>bot 10:00: 1 (25.0%)</title>"))
        #expect(page.contains("<title>bot 21:00: 1 (25.0%)</title>"))
    }

    @Test("shows the classifier's threshold, shares, recent decisions and strongest features, and each loop's health")
    func classifierAndLoops() {
        let world = busyWorld()
        world.board.setThreshold(3, source: "FAVORITE_RATE_THRESHOLD")
        world.board.roundFailed("likes", error: NetworkError.failed(endpoint: "redis", status: 0, detail: "Connection refused"))
        let page = StatusPage(world.snapshot).render()
        #expect(page.contains("<b>3.000</b>"))
        #expect(page.contains("the bot 100.0%"))
        #expect(page.contains("<td>@foodie</td><td>14.741</td><td class=\"ok\">like</td>"))
        #expect(page.contains("<li>ラーメン <span class=\"muted\">×1</span></li>"))
        #expect(page.contains("<li>likes: round failed: redis: Connection refused</li>"))
        #expect(page.contains("<td>likes</td><td class=\"bad\">failing</td>"))
    }

    @Test("an empty board renders too, saying what is not known yet")
    func empty() {
        let page = StatusPage(StatusWorld().snapshot).render()
        #expect(page.contains("Not read yet"))
        #expect(page.contains("No reply yet."))
        #expect(page.contains("<li>starting</li>"))
    }

    @Test("HTML interpolation escapes strings and passes markup", arguments: [
        ("<>&\"'", "&lt;&gt;&amp;&quot;&#39;"), ("plain ラーメン", "plain ラーメン"), ("a\u{0}b", "a\u{FFFD}b"),
    ])
    func htmlEscape(raw: String, escaped: String) {
        let inner: HTML = "<i>\(raw)</i>"
        let outer: HTML = "<p>\(inner)\(raw)</p>"
        #expect(outer.markup == "<p><i>\(escaped)</i>\(escaped)</p>")
    }

    @Test("decimal formatting for coordinates and shares", arguments: [
        (3.0, 3, "3.000"), (0.66666, 1, "0.7"), (-1.25, 1, "-1.3"), (0.05, 2, "0.05"), (12.5, 0, "13"),
    ])
    func decimals(value: Double, decimals: Int, text: String) {
        #expect(HTML.format(value, decimals: decimals) == text)
    }
}
