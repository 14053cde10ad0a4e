import MirrorBotMisskey
import Testing

@Suite("MFMLiteral: a plain text sent as MFM shows exactly its characters")
struct MFMLiteralTests {
    /// One plain text per construct of mfm.js's grammar that would change what it shows.
    static let markupTexts: [String] = [
        "$[x2 大きい] and $[spin.speed=2s くるくる]", "**太字**", "***でかい***", "*italic* here", "__under__", "x _under_ y",
        "~~消した~~", "<b>bold</b>", "<i>it</i>", "<s>gone</s>", "<small>小さい</small>", "<center>真ん中</center>",
"<plain>**</plain> literal already", "</plain> stray close and <plain>x</plain>", "`code` inline",
        "```swift\nlet x = 1\n```", "引用:\n> quoted line\n>> twice", "> at the start", "\\(x^2\\) inline math",
        "\\[\nx^2\n\\]", "?[silent](https://example.com) and [label](https://example.com/a_b)", "misskey 検索",
        "first line\nswift Search", "猫 [search]", ":smile: and 12:30:45", "cc @alice and @bob@example.social",
        "<https://example.com/**x**>", "#tag_with_**stars** and ~~#hash~~", "**https://example.com/a~~b~~**",
        "🎉 *️⃣ #️⃣ ***🎉***",
    ]

    @Test("each construct: the raw text would not show as written (the checker sees it), the escaped text shows exactly the original", arguments: markupTexts)
    func construct(_ text: String) {
        let raw = MFMShownText(text)
        #expect(raw.markup != nil || raw.shown != text, "the checker must see markup in \(text)")
        let escaped = MFMLiteral.escape(text)
        let read = MFMShownText(escaped)
        #expect(read.markup == nil, "\(escaped): \(read.markup ?? "")")
        #expect(read.shown == text, "\(escaped)")
    }

    @Test("a text without markup goes out unchanged: links, hashtags, e-mail addresses, times, single ~ and _ inside words")
    func unchanged() {
        for text in [
            "今日もいい天気だ", "see https://example.com/a_b~c?d=1&e=(f) #tag", "mail me at a@b.example", "10~20 and snake_case_name",
            "no search here\nresearch", "#ramen #らーめん",
        ] {
            #expect(MFMLiteral.escape(text) == text)
            #expect(MFMShownText(text).markup == nil, "\(text)")
        }
    }

    @Test("links keep their characters and stay links: nothing inside a URL is wrapped")
    func linksUntouched() {
        let escaped = MFMLiteral.escape("**see** https://example.com/x_~~y~~_z.")
        #expect(escaped == "<plain>**</plain>see<plain>**</plain> https://example.com/x_~~y~~_z.")
    }

    @Test("a literal </plain> stays outside every wrap and shows as it is")
    func literalPlainClose() {
        let text = "<plain>**</plain> and </plain>"
        let escaped = MFMLiteral.escape(text)
        #expect(escaped == "<plain><</plain>plain><plain>**</plain></plain> and </plain>")
        #expect(MFMShownText(escaped).markup == nil)
        #expect(MFMShownText(escaped).shown == text)
    }

    @Test("random texts of MFM's special characters, words, links and line breaks: the escaped text shows exactly the original")
    func randomTexts() {
        var generator = SplitMix(seed: 29)
        let pieces = [
            "*", "**", "_", "__", "~", "~~", "`", "```", "<", ">", "</plain>", "<plain>", "<b>", "</b>", "<small>", "<center>", "$[", "$[x2 ",
            "]", "[", "?[", "](", "(", ")", "\\(", "\\)", "\\[", "\\]", ":", ":smile:", "@", "@bob", "#", "#tag", "https://ex.com/a_b",
            "http://x.y/(z)", " ", "\u{3000}", "\n", "\r\n", "a", "Z", "9", "検索", "search", " search", "[検索]", "猫", "🎉", ".", ",",
        ]
        for round in 0..<2000 {
            let count = Int(generator.next() % 12) + 1
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let escaped = MFMLiteral.escape(text)
            let read = MFMShownText(escaped)
            #expect(read.markup == nil, "round \(round): \(text.debugDescription) → \(escaped.debugDescription): \(read.markup ?? "")")
            #expect(read.shown == text, "round \(round): \(text.debugDescription) → \(escaped.debugDescription)")
        }
    }
}

/// A small seeded generator (SplitMix64), so a failing round is the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
