import HTTPSupport

/// Renders plain text the way Mastodon's formatter does: paragraphs, `<br>`,
/// mention h-cards, hashtag links, long links split into invisible/ellipsis spans.
enum FakeMastodonHTMLRenderer {
    static func render(_ text: String, baseURL: String) -> String {
        let paragraphs = text.components(separatedBy: "\n\n").map { paragraph in
            paragraph.components(separatedBy: "\n").map { line in
                line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                    renderWord(String(word), baseURL: baseURL)
                }.joined(separator: " ")
            }.joined(separator: "<br />")
        }
        return paragraphs.map { "<p>\($0)</p>" }.joined()
    }

    static func renderWord(_ word: String, baseURL: String) -> String {
        if word.hasPrefix("@"), word.count > 1, word.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            let name = HTMLEscaping.escape(String(word.dropFirst()))
            return "<span class=\"h-card\" translate=\"no\"><a href=\"\(baseURL)/@\(name)\" class=\"u-url mention\">@<span>\(name)</span></a></span>"
        }
        if word.hasPrefix("#"), word.count > 1, word.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            let tag = HTMLEscaping.escape(String(word.dropFirst()))
            return "<a href=\"\(baseURL)/tags/\(tag)\" class=\"mention hashtag\" rel=\"tag\">#<span>\(tag)</span></a>"
        }
        for scheme in ["https://", "http://"] where word.hasPrefix(scheme) && word.count > scheme.count {
            let rest = word.dropFirst(scheme.count)
            let visible = rest.prefix(30)
            let hidden = rest.dropFirst(30)
            var html = "<a href=\"\(HTMLEscaping.escape(word))\" target=\"_blank\" rel=\"nofollow noopener noreferrer\">"
            html += "<span class=\"invisible\">\(scheme)</span>"
            html += "<span class=\"\(hidden.isEmpty ? "" : "ellipsis")\">\(HTMLEscaping.escape(String(visible)))</span>"
            html += "<span class=\"invisible\">\(HTMLEscaping.escape(String(hidden)))</span></a>"
            return html
        }
        return HTMLEscaping.escape(word)
    }
}
