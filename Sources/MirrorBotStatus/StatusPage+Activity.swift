import Foundation
import MirrorBot

extension StatusPage {
    func actionsSection() -> HTML {
        let reply: HTML = state.lastReply.map { reply in
            "<p class=\"last-reply\">Last reply: to \(reply.subject) at \(clock(reply.at)): <q>\(reply.text ?? "")</q></p>"
        } ?? "<p class=\"last-reply muted\">No reply yet.</p>"
        guard !state.actions.isEmpty else {
            return "<section id=\"actions\"><h2>Last actions</h2>\(reply)<p class=\"muted\">Nothing yet.</p></section>"
        }
        let rows: [HTML] = state.actions.map { action in
            let text: HTML = action.text.map { $0.isEmpty ? "" : "<q>\($0)</q>" } ?? ""
            return """
                <tr class="\(action.loop)"><td class="when">\(clock(action.at))</td><td>\(action.kind.rawValue)</td>\
                <td>\(action.subject)</td><td>\(text)\(pictures(action.pictures)) <span class="reason">\(action.reason ?? "")</span></td></tr>
                """
        }
        return """
            <section id="actions"><h2>Last \(state.actions.count) actions</h2>\(reply)
            <table><thead><tr><th>when</th><th>what</th><th>who or which</th><th>text and why</th></tr></thead><tbody>\(rows)</tbody></table>
            <p class="muted">Passed posts (below the threshold) are left out here; the classifier's recent decisions below include them.</p>
            </section>
            """
    }

    /// The pictures a post carried: how many, and each one's alt text (escaped) or that it has
    /// none. Only words: the page never fetches or shows a picture.
    func pictures(_ altTexts: [String?]) -> HTML {
        guard !altTexts.isEmpty else { return "" }
        let items: [HTML] = altTexts.map { alt in alt.map { "<li>alt: <q>\($0)</q></li>" } ?? "<li class=\"muted\">no alt text</li>" }
        let count = altTexts.count == 1 ? "1 picture" : "\(altTexts.count) pictures"
        return "<div class=\"pictures\">\(count)<ol>\(items)</ol></div>"
    }

    func classifierSection() -> HTML {
        let classifier = state.classifier
        let threshold: HTML = classifier.threshold.map { value in
            "<b>\(value, decimals: 3)</b> <span class=\"muted\">(\(classifier.thresholdSource ?? ""))</span>"
        } ?? "not known yet"
        let unavailable: HTML = classifier.likesUnavailable.map { "<p class=\"warn\">\($0)</p>" } ?? ""
        let features: [HTML] = classifier.strongestFeatures().map { "<li>\($0.feature) <span class=\"muted\">×\($0.count)</span></li>" }
        let featureList: HTML = features.isEmpty ? "<p class=\"muted\">No liked post yet.</p>" : "<ol class=\"features\">\(features)</ol>"
        let decisions: [HTML] = classifier.decisions.map { decision in
            let verdict: HTML = decision.liked ? "<td class=\"ok\">like</td>" : "<td class=\"muted\">pass</td>"
            return "<tr><td class=\"when\">\(clock(decision.at))</td><td>\(decision.author)</td><td>\(decision.ratio, decimals: 3)</td>\(verdict)</tr>"
        }
        let decisionTable: HTML = decisions.isEmpty
            ? "<p class=\"muted\">No decision yet.</p>"
            : "<table><thead><tr><th>when</th><th>author</th><th>favorite/normal</th><th>verdict</th></tr></thead><tbody>\(decisions)</tbody></table>"
        return """
            <section id="classifier"><h2>Classifier</h2>\(unavailable)
            <p>Likes a post when P(favorite)/P(normal) exceeds the threshold in force: \(threshold).</p>
            <p>Like share since start: the human \(Self.percent(classifier.humanLikeShare)) \
            <span class="muted">(\(classifier.humanFavorites) likes, \(classifier.humanNormals) other timeline posts learned)</span>; \
            the bot \(Self.percent(classifier.botLikeShare)) <span class="muted">(\(classifier.favorable) to like, \(classifier.passed) passed)</span>.</p>
            <div class="columns"><div><h3>Strongest features lately</h3>\(featureList)</div>
            <div><h3>Recent decisions</h3>\(decisionTable)</div></div>
            </section>
            """
    }

    /// Markup, not text: interpolated as it is (escaped, its quotes would break the CSS).
    static let style: HTML = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans CJK JP",sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
        header{background:#1d2330;color:#fff;padding:14px 24px}header h1{margin:0 0 6px;font-size:20px}
        main{padding:8px 24px 24px;display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:16px}
        section{background:#fff;border:1px solid #dde1e7;border-radius:6px;padding:10px 16px}
        h2{font-size:16px;margin:4px 0 8px}h3{font-size:14px;margin:6px 0}
        table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:3px 6px;border-bottom:1px solid #eef0f3;vertical-align:top}
        th{color:#5a6272;font-weight:600}.when{white-space:nowrap;color:#5a6272}
        .muted{color:#7a8190}.reason{color:#5a6272;font-size:12px}.ok{color:#17803d}.bad{color:#b42318;font-weight:600}.warn{color:#a15c00}
        .health{margin:4px 0;font-weight:600}.health.ok{color:#8ee0a6}.health.bad{color:#ffb4ab}.health ul{margin:2px 0 2px 18px;padding:0}
        .facts span{margin-right:14px;color:#c9d1e0;font-size:13px}
        q{quotes:"“" "”"}.chart{width:100%;height:auto}.chart .human,.key.human{fill:#3b6fd8;background:#3b6fd8}
        .chart .bot,.key.bot{fill:#e3843a;background:#e3843a}.chart .grid{stroke:#eef0f3}.chart .baseline{stroke:#9aa1ad}
        .chart .axis{font-size:11px;fill:#5a6272}.key{display:inline-block;width:10px;height:10px;border-radius:2px}
        tr.skipped td{color:#7a8190}.columns{display:grid;grid-template-columns:1fr 2fr;gap:12px}.features{margin:0;padding-left:20px}
        footer{padding:0 24px 20px;color:#7a8190;font-size:12px}a{color:#3b6fd8}
        """
}
