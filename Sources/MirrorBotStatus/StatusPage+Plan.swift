import Foundation
import MirrorBot

extension StatusPage {
    func planSection() -> HTML {
        guard let plan = state.plan else {
            return "<section id=\"plan\"><h2>Today's plan</h2><p class=\"muted\">Not read yet (the posting loop has not run a round).</p></section>"
        }
        guard !plan.slots.isEmpty else {
            return "<section id=\"plan\"><h2>Today's plan (\(plan.day.description))</h2><p class=\"muted\">No slot today: no stored post of the human yet.</p></section>"
        }
        let rows: [HTML] = plan.slots.map { slot in
            let fate: HTML
            switch slot.state {
            case .planned: fate = "<span class=\"muted\">planned</span>"
            case .posting: fate = "posting now"
            case .posted:
                let at = slot.postedAt.map { " at \(MinuteOfDay.format(MinuteOfDay.of($0, in: plan.timeZone)))" } ?? ""
                fate = "posted\(at)"
            case .skipped: fate = "skipped"
            }
            let text: HTML = slot.text.map { "<q>\($0)</q>" } ?? ""
            let reason: HTML = slot.reason.map { "<span class=\"reason\">\($0)</span>" } ?? ""
            return "<tr class=\"\(slot.state.rawValue)\"><td>\(slot.time)</td><td>\(fate)</td><td>\(text) \(reason)</td></tr>"
        }
        let next = state.nextSlot.map { "Next slot: \(MinuteOfDay.format(MinuteOfDay.of($0, in: plan.timeZone)))." } ?? "No slot left today."
        return """
            <section id="plan"><h2>Today's plan (\(plan.day.description), \(plan.timeZone.identifier))</h2>
            <p>\(plan.slots.count) slot(s) drawn from the human's rhythm. \(next)</p>
            <table><thead><tr><th>slot</th><th>what became of it</th><th>text and reason</th></tr></thead><tbody>\(rows)</tbody></table>
            </section>
            """
    }

    func rhythmSection() -> HTML {
        guard let rhythm = state.rhythm else {
            return "<section id=\"rhythm\"><h2>Posting rhythm</h2><p class=\"muted\">Not read yet.</p></section>"
        }
        let human = RhythmStatus.hourly(rhythm.human)
        let bot = RhythmStatus.hourly(minutes: rhythm.botEarlierDays + state.botMinutesToday)
        return """
            <section id="rhythm"><h2>Posting rhythm</h2>
            <p><span class="key human"></span> the human: \(human.reduce(0, +)) original posts (their stored history) · \
            <span class="key bot"></span> the bot: \(bot.reduce(0, +)) posts (today and the \(rhythm.days) days before), \
            as shares of each one's posts by hour of the day.</p>
            \(RhythmChart(human: human, bot: bot).render())
            </section>
            """
    }
}
