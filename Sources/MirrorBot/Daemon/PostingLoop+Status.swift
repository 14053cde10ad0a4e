import Foundation

extension PostingLoop {
    /// Days before today whose posts the status page's rhythm chart shows for the bot.
    static let rhythmDays = 14

    /// Hands the status board today's plan as stored and, once a day, the human's rhythm
    /// and the bot's posts of the days before. Best effort: a failed read shows nothing
    /// new and changes nothing in the round (it is tried again next round).
    func publish(_ plan: [PlanSlot], for today: LocalDate, to status: any StatusSink) async {
        status.publishPlan(plan, for: today, timeZone: settings.timeZone)
        guard status.needsRhythm(for: today), let human = try? await scheduler.rhythm.minuteDistribution() else { return }
        var bot: [Int] = []
        for offset in 1...Self.rhythmDays {
            let stored: [PlanSlot]?
            do { stored = try await scheduler.plans.plan(for: today.adding(days: -offset)) } catch { return }
            bot += (stored ?? []).filter { $0.state == .posted }.map { slot in
                slot.postedAt.map { MinuteOfDay.of($0, in: settings.timeZone) } ?? slot.minute
            }
        }
        status.publishRhythm(human: human.counts, botEarlierDays: bot, days: Self.rhythmDays, day: today)
    }
}
