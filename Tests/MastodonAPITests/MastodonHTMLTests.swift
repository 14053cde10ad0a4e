import MastodonAPI
import Testing

@Suite("MastodonHTML.plainText")
struct MastodonHTMLTests {
    static let cases: [(html: String, text: String)] = [
        ("<p>Hello world</p>", "Hello world"),
        ("<p>first paragraph</p><p>second one</p>", "first paragraph\n\nsecond one"),
        ("<p>line one<br>line two<br />line three<br/>end</p>", "line one\nline two\nline three\nend"),
        (
            "<p><span class=\"h-card\" translate=\"no\"><a href=\"https://example.social/@alice\" class=\"u-url mention\">@<span>alice</span></a></span> おはよう</p>",
            "@alice おはよう"
        ),
        (
            "<p>ramen <a href=\"https://example.social/tags/ramen\" class=\"mention hashtag\" rel=\"tag\">#<span>ramen</span></a></p>",
            "ramen #ramen"
        ),
        (
            "<p>see <a href=\"https://example.com/a/very/long/path/indeed?x=1\" target=\"_blank\" rel=\"nofollow noopener noreferrer\"><span class=\"invisible\">https://</span><span class=\"ellipsis\">example.com/a/very/long/pat</span><span class=\"invisible\">h/indeed?x=1</span></a></p>",
            "see https://example.com/a/very/long/path/indeed?x=1"
        ),
        (
            "<p><a href=\"https://example.com\"><span class=\"invisible\">https://</span><span class=\"\">example.com</span><span class=\"invisible\"></span></a></p>",
            "https://example.com"
        ),
        ("<p>Tom &amp; Jerry &lt;3 &gt; &quot;quoted&quot; it&#39;s it&#x27;s &#12354;</p>", "Tom & Jerry <3 > \"quoted\" it's it's あ"),
        ("<p>AT&T &unknown; &#xZZ;</p>", "AT&T &unknown; &#xZZ;"),
        ("plain text without tags", "plain text without tags"),
        ("", ""),
        ("<p>今日もいい天気だ</p><p>散歩に行こう<br>公園まで</p>", "今日もいい天気だ\n\n散歩に行こう\n公園まで"),
        ("<P>Upper<BR>case</P>", "Upper\ncase"),
        (
            "<p class=\"quote-inline\">RE: <a href=\"https://example.social/@bob/1\"><span class=\"invisible\">https://</span><span class=\"\">example.social/@bob/1</span><span class=\"invisible\"></span></a></p><p>いい話</p>",
            "いい話"
        ),
        (
            "<p>comment<span class=\"quote-inline\"><br/><br/>RE: <a href=\"https://x.test/objects/1\">https://x.test/objects/1</a></span></p>",
            "comment"
        ),
        ("<ul><li>one</li><li>two</li></ul>", "one\ntwo"),
    ]

    @Test("turns Mastodon's content HTML into the text the author wrote", arguments: cases)
    func plainText(html: String, text: String) {
        #expect(MastodonHTML.plainText(html) == text)
    }
}
