import Foundation
import MirrorBot
import MirrorBotSpend

/// The status page: one HTML document rendered on the server, readable without
/// JavaScript or anything fetched: health, today's plan and the fate of each
/// slot, the posting rhythm as an inline SVG chart, the last actions with their
/// reasons, the classifier's calibration and strongest features, each loop's
/// health, and the network calls. Every value goes through `HTML` (escaped).
public struct StatusPage: Sendable {
    public let snapshot: StatusSnapshot

    public init(_ snapshot: StatusSnapshot) {
        self.snapshot = snapshot
    }

    var state: StatusState { snapshot.state }

    /// The time zone the page shows the bot's clock in: the plan's, else the configured one.
    var zone: TimeZone {
        state.plan?.timeZone ?? state.identity.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    public func render() -> String {
        let health = snapshot.health
        let title = state.identity.map { "mirror-bot: \($0.bot) imitating \($0.human)" } ?? "mirror-bot"
        let page: HTML = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title><style>\(Self.style)</style></head>
            <body><header><h1>\(title)</h1>\(summary(health))</header>
            <main>
            \(planSection())
            \(rhythmSection())
            \(actionsSection())
            \(classifierSection())
            \(loopsSection(health))
            \(networkSection())
            \(spendSection())
            </main>
            <footer>Rendered \(clock(snapshot.botNow)) on the bot's clock (\(zone.identifier)). \
            Machine-readable: <a href="/metrics">/metrics</a> · <a href="/healthz">/healthz</a>. This page changes nothing.</footer>
            </body></html>

            """
        return page.markup
    }

    func summary(_ health: HealthReport) -> HTML {
        var facts: [HTML] = []
        if let identity = state.identity {
            facts.append("<span>network: \(identity.network)</span>")
            facts.append("<span>time zone: \(identity.timeZone)</span>")
            facts.append("<span>clock: \(identity.timeScale)</span>")
            if let takeBacks = state.takeBacks {
                facts.append("""
                    <span id="take-backs">taken back: \(takeBacks.withdrawnSources) withdrawn source(s), \
                    \(takeBacks.deletedCopies) deleted cop\(takeBacks.deletedCopies == 1 ? "y" : "ies"), \
                    \(takeBacks.optedOut) opted-out \(takeBacks.optedOut == 1 ? "person" : "people")</span>
                    """)
            }
            if identity.dryRun { facts.append("<span class=\"warn\">DRY_RUN: deciding and logging, writing nothing</span>") }
        }
        let verdict: HTML = health.isHealthy
            ? "<p class=\"health ok\">Healthy: every loop is on time and its last round succeeded.</p>"
            : "<div class=\"health bad\"><p>Not healthy:</p><ul>\(health.problems.map { "<li>\($0)</li>" as HTML })</ul></div>"
        return "\(verdict)<p class=\"facts\">\(facts)</p>"
    }

    func loopsSection(_ health: HealthReport) -> HTML {
        let rows: [HTML] = state.loops.map { loop in
            let problem = loop.problem(at: snapshot.realNow, grace: snapshot.grace)
            let status: HTML = problem == nil ? "<td class=\"ok\">on time</td>" : "<td class=\"bad\">\(loop.failing ? "failing" : "late")</td>"
            let last = loop.lastSuccess.map { ago($0) } ?? "no round yet"
            let error: HTML = loop.lastError.map { error in
                "\(error) <span class=\"muted\">(\(loop.lastErrorAt.map { ago($0) } ?? ""), \(loop.consecutiveFailures) in a row)</span>"
            } ?? "<span class=\"muted\">none</span>"
            return "<tr><td>\(loop.name)</td>\(status)<td>\(last)</td><td>\(Int(loop.wait.rounded())) s</td><td>\(error)</td></tr>"
        }
        let services: [HTML] = state.services.sorted { $0.key < $1.key }.map { name, service in
            service.error.map { "<tr><td>\(name)</td><td class=\"bad\">down</td><td>\($0)</td></tr>" }
                ?? "<tr><td>\(name)</td><td class=\"ok\">answers</td><td></td></tr>"
        }
        let serviceTable: HTML = services.isEmpty ? "" : """
            <h3>Services</h3><table><thead><tr><th>service</th><th>last check</th><th>error</th></tr></thead><tbody>\(services)</tbody></table>
            """
        return """
            <section id="loops"><h2>Loops</h2>
            <table><thead><tr><th>loop</th><th>state</th><th>last good round</th><th>then waits</th><th>last error</th></tr></thead>
            <tbody>\(rows)</tbody></table>\(serviceTable)</section>
            """
    }

    func networkSection() -> HTML {
        guard let family = state.metrics.families.first(where: { $0.name == StatusMetrics.requests }), !family.samples.isEmpty else {
            return "<section id=\"network\"><h2>Network calls</h2><p class=\"muted\">None yet.</p></section>"
        }
        var byCall: [String: [(String, Int)]] = [:]
        for (labels, value) in family.samples {
            let call = "\(labels["account"] ?? "?") \(labels["endpoint"] ?? "?")"
            byCall[call, default: []].append((labels["status"] ?? "?", Int(value)))
        }
        let rows: [HTML] = byCall.keys.sorted().map { call in
            let outcomes = (byCall[call] ?? []).sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
            return "<tr><td>\(call)</td><td>\(outcomes)</td></tr>"
        }
        let waits = Int(state.metrics.total(StatusMetrics.rateLimitWaits))
        let attempts = Int(state.metrics.total(StatusMetrics.attempts))
        let retries = Int(state.metrics.total(StatusMetrics.retries))
        let clientWaits = Int(state.metrics.total(StatusMetrics.clientWaits))
        let waited = Int(state.metrics.total(StatusMetrics.clientWaitSeconds).rounded())
        return """
            <section id="network"><h2>Network calls</h2>
            <table><thead><tr><th>account and call</th><th>outcomes</th></tr></thead><tbody>\(rows)</tbody></table>
            <p class="muted">Inside these calls the client made \(attempts) HTTP attempt(s), retried \(retries) time(s) and waited \(clientWaits) time(s) for a rate limit to reset (\(waited) s in all); \(waits) rate limit(s) it did not wait out were backed off by a loop.</p>
            </section>
            """
    }

    /// The day's estimated spend on a paid API (X), by endpoint, and the budget's standing.
    func spendSection() -> HTML {
        guard let spend = state.spend else { return "" }
        let rows: [HTML] = spend.lines.map { line in
            "<tr><td>\(line.endpoint)</td><td>\(line.requests)</td><td>\(line.resources)</td><td>$\(Self.dollars(line.dollars))</td></tr>"
        }
        let budget: HTML = spend.budget.map { budget in
            let stopped = spend.stopped.sorted { $0.rawValue < $1.rawValue }.map(\.reason)
            let standing: HTML = stopped.isEmpty ? "within it" : "<span class=\"warn\">\(stopped.joined(separator: "; "))</span>"
            return "<p>Daily budget (X_DAILY_BUDGET_USD): $\(Self.dollars(budget)); \(standing).</p>"
        } ?? "<p class=\"muted\">No daily budget (X_DAILY_BUDGET_USD unset).</p>"
        return """
            <section id="spend"><h2>API spend today (\(spend.day), UTC)</h2>
            <p>Estimated $\(Self.dollars(spend.total)) so far; at this rate $\(Self.dollars(spend.estimatedPerDay)) a day, \
            $\(Self.dollars(spend.estimatedPerMonth)) a month (prices: docs/X.md, "What X costs").</p>
            \(budget)
            <table><thead><tr><th>endpoint</th><th>requests</th><th>posts</th><th>estimated</th></tr></thead><tbody>\(rows)</tbody></table>
            </section>
            """
    }

    static func dollars(_ value: Double) -> String { String(format: "%.3f", value) }

    // MARK: - Formatting

    /// `12-01 07:40` on the bot's clock, in the page's zone.
    func clock(_ date: Date) -> String {
        let day = LocalDate(date, in: zone)
        let month = day.month < 10 ? "0\(day.month)" : "\(day.month)"
        let dayOfMonth = day.day < 10 ? "0\(day.day)" : "\(day.day)"
        return "\(month)-\(dayOfMonth) \(MinuteOfDay.format(MinuteOfDay.of(date, in: zone)))"
    }

    /// `12 s ago`, `5 min ago`, `3 h ago` (real time).
    func ago(_ date: Date) -> String {
        let seconds = max(0, Int(snapshot.realNow.timeIntervalSince(date).rounded()))
        if seconds < 120 { return "\(seconds) s ago" }
        if seconds < 7200 { return "\(seconds / 60) min ago" }
        return "\(seconds / 3600) h ago"
    }

    static func percent(_ share: Double?) -> String {
        guard let share else { return "not known yet" }
        return HTML.format(share * 100, decimals: 1) + "%"
    }
}
