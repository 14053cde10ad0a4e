import Foundation
import MirrorBot

/// A host's status page: the host's own line (its name, leases, share, the live hosts, its
/// last registry round, fenced or not) and a table of every bot it runs, those in trouble
/// first, then by name: its state (with the error, redacted, and when it is tried again), and
/// the counts its own board keeps. The single bot's look; every value through `HTML` (escaped).
public struct HostPage: Sendable {
    public let snapshot: HostSnapshot

    public init(_ snapshot: HostSnapshot) {
        self.snapshot = snapshot
    }

    public func render() -> String {
        let health = snapshot.health
        let title = "mirror-bot host: \(snapshot.state.name)"
        let troubled = snapshot.bots.filter(\.condition.inTrouble).count
        let page: HTML = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title><style>\(StatusPage.style)\(Self.style)</style></head>
            <body><header><h1>\(title)</h1>\(summary(health))</header>
            <main>
            <section id="bots"><h2>\(snapshot.bots.count) bot(s) on this host, \(troubled) in trouble</h2>\(botTable())</section>
            </main>
            <footer>Rendered \(Self.utc(snapshot.realNow)) UTC. Counts since this host took each bot (or last started it again \
            after a failure). Machine-readable: <a href="/metrics">/metrics</a> · <a href="/healthz">/healthz</a>. \
            This page changes nothing.</footer>
            </body></html>

            """
        return page.markup
    }

    func summary(_ health: HostHealth) -> HTML {
        let state = snapshot.state
        let verdict: HTML = health.isHealthy
            ? "<p class=\"health ok\">Healthy: the registry rounds succeed.</p>"
            : "<div class=\"health bad\"><p>Not healthy:</p><ul>\(health.problems.map { "<li>\($0)</li>" as HTML })</ul></div>"
        let round = state.lastRound.map { ago($0) } ?? "none yet"
        let fenced: HTML = state.fencedAt.map { "<span class=\"warn\">fenced \(ago($0)): its bots stopped</span>" } ?? "<span>not fenced</span>"
        let facts: [HTML] = [
            "<span id=\"leases\">leases held: \(state.leases) (share \(state.share), at most \(state.maxBots))</span>",
            "<span>live hosts: \(state.liveHosts)</span>",
            "<span>active bots: \(state.activeBots)</span>",
            "<span>lease: \(state.leaseSeconds) s</span>",
            "<span>last registry round: \(round)</span>",
            fenced,
        ]
        return "\(verdict)<p class=\"facts\">\(facts)</p>"
    }

    func botTable() -> HTML {
        guard !snapshot.bots.isEmpty else { return "<p class=\"muted\">No bot yet: this host holds no lease.</p>" }
        let rows: [HTML] = snapshot.bots.map(row)
        return """
            <table><thead><tr><th>bot</th><th>network</th><th>state</th><th>posts</th><th>replies</th><th>likes</th>\
            <th title="mentions left unanswered: the human never replied to their author">silent</th>\
            <th title="slots, replies and likes skipped (limits, refusals, late)">skipped</th><th>failed rounds</th>\
            <th>last post</th><th>last reply</th><th>next post</th></tr></thead><tbody>\(rows)</tbody></table>
            """
    }

    func row(_ bot: HostSnapshot.BotLine) -> HTML {
        let who: HTML = bot.status?.state.identity.map { "<br><span class=\"muted\">\($0.bot) imitating \($0.human)</span>" } ?? ""
        let stateClass = bot.condition.inTrouble ? "bad" : (bot.condition == .running ? "ok" : "muted")
        let counts: HTML
        if let status = bot.status {
            let metrics = status.state.metrics
            func count(_ name: String, would: String? = nil) -> HTML {
                let done = Int(metrics.total(name))
                let dry = would.map { Int(metrics.total($0)) } ?? 0
                return dry > 0 ? "<td>\(done) <span class=\"muted\">(+\(dry) would)</span></td>" : "<td>\(done)</td>"
            }
            let skipped = Int(metrics.total(StatusMetrics.skippedSlots) + metrics.total(StatusMetrics.skippedReplies)
                + metrics.total(StatusMetrics.skippedLikes))
            let lastPost = status.state.lastPostAt.map { ago($0, now: status.botNow) } ?? "none yet"
            let lastReply = status.state.lastReply.map { ago($0.at, now: status.botNow) } ?? "none yet"
            let next = status.state.nextSlot.map { until($0, now: status.botNow) } ?? "none left today"
            counts = """
                \(count(StatusMetrics.posts, would: StatusMetrics.wouldPosts))\(count(StatusMetrics.replies, would: StatusMetrics.wouldReplies))\
                \(count(StatusMetrics.likes, would: StatusMetrics.wouldLikes))\(count(StatusMetrics.silences))<td>\(skipped)</td>\
                \(count(StatusMetrics.failedRounds))<td class="when">\(lastPost)</td><td class="when">\(lastReply)</td><td class="when">\(next)</td>
                """
        } else {
            counts = "<td colspan=\"9\" class=\"muted\">no counts yet</td>"
        }
        return """
            <tr class="\(bot.condition.label)"><td><b>\(bot.name)</b>\(who)</td><td>\(bot.network)</td>\
            <td><span class="\(stateClass)">\(bot.condition.label)</span>\(detail(bot.condition))</td>\(counts)</tr>
            """
    }

    /// What is wrong, and what happens next.
    func detail(_ condition: BotCondition) -> HTML {
        switch condition {
        case .running: return ""
        case .starting(let waiting): return waiting.map { "<div class=\"why\">\($0)</div>" } ?? ""
        case .unhealthy(let problems): return "<ul class=\"why\">\(problems.map { "<li>\($0)</li>" as HTML })</ul>"
        case .stopped(let reason): return "<div class=\"why\">\(reason)</div>"
        case .failing(let error, let retryAt, let failures):
            return """
                <div class="why">\(error)</div><div class="muted">tried again \(until(retryAt, now: snapshot.realNow)) \
                (\(Self.utc(retryAt)) UTC); \(failures) failure(s) in a row</div>
                """
        }
    }

    // MARK: - Formatting

    /// `12 s ago`, `5 min ago`, `3 h ago`.
    func ago(_ date: Date, now: Date? = nil) -> String {
        let seconds = max(0, Int((now ?? snapshot.realNow).timeIntervalSince(date).rounded()))
        return Self.span(seconds) + " ago"
    }

    /// `in 12 s`, `in 5 min`, or `now` when it is due.
    func until(_ date: Date, now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded())
        return seconds <= 0 ? "now" : "in " + Self.span(seconds)
    }

    static func span(_ seconds: Int) -> String {
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h"
    }

    /// `2026-12-04 19:40:12`.
    static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = LocalDate(date, in: TimeZone(secondsFromGMT: 0) ?? .gmt)
        let inDay = ((seconds % 86_400) + 86_400) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day.year)-\(two(day.month))-\(two(day.day)) \(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60))"
    }

    static let style: HTML = """
        #bots{grid-column:1/-1}.why{color:#b42318;font-size:12px;max-width:420px;overflow-wrap:anywhere}ul.why{margin:2px 0;padding-left:16px}
        tr.failing,tr.unhealthy,tr.stopped{background:#fff5f4}
        """
}
