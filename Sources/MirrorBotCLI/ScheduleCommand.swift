import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres

/// `mirror-bot schedule`: today's plan and the human's rhythm, or N simulated days.
struct ScheduleCommand: Command {
    static let name = "schedule"
    static let abstract = "Show today's plan and the human's posting rhythm; simulate days with --days N --seed S --json."
    static let usage = "mirror-bot schedule [--days N] [--seed S] [--json]"
    static let help = helpText(
        """
        Without options: today's stored plan (each slot's time and state) and the
        human's posts by hour of the day, in TIME_ZONE.

        OPTIONS:
          --days N   simulate N days from today (nothing is stored)
          --seed S   seed for the simulation: the same seed over the same posts gives the same plans
          --json     one line a day: {"date":"YYYY-MM-DD","times":["HH:MM",...]}
        """)

    var days: Int?
    var seed: UInt64?
    var json: Bool

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, flags: ["json"], options: ["days", "seed"], usage: Self.usage)
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.positionals[0])'", usage: Self.usage)
        }
        days = try parsed.integer("days", usage: Self.usage)
        if let days, days < 1 || days > 36_500 {
            throw UsageError("'--days' must be between 1 and 36500", usage: Self.usage)
        }
        if let text = parsed.option("seed") {
            guard let value = UInt64(text) else {
                throw UsageError("'--seed' expects a non-negative whole number, got '\(text)'", usage: Self.usage)
            }
            seed = value
        }
        json = parsed.flag("json")
        if seed != nil && days == nil {
            throw UsageError("'--seed' needs '--days'", usage: Self.usage)
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let connection = try await Services.connect(configuration)
        _ = try await PostgresPostStore.open(connection: connection, timeZone: configuration.timeZone, limit: configuration.postLimit)
        let scheduler = Scheduler(
            store: PostgresScheduleStore(connection: connection), timeZone: configuration.timeZone,
            postMentions: configuration.postMentions
        )
        let today = LocalDate(Date(), in: configuration.timeZone)
        if let days {
            let plans = try await scheduler.simulate(days: days, from: today, seed: seed ?? UInt64.random(in: 0...UInt64.max))
            for plan in plans {
                let times = plan.minutes.map(MinuteOfDay.format)
                context.output(json ? Self.jsonLine(date: plan.date, times: times) : "\(plan.date)  \(times.joined(separator: " "))")
            }
            return 0
        }
        let zone = configuration.timeZone.identifier
        if json {
            let slots = try await scheduler.plans.plan(for: today) ?? []
            context.output(Self.jsonLine(date: today, times: slots.map(\.time)))
            return 0
        }
        if let slots = try await scheduler.plans.plan(for: today) {
            context.output("Today's plan (\(today), \(zone)): \(slots.count) post\(slots.count == 1 ? "" : "s")")
            for slot in slots {
                var line = "  \(slot.time)  \(slot.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
                if let reason = slot.reason { line += "  (\(reason))" }
                if let text = slot.text { line += "  \(text.replacingOccurrences(of: "\n", with: " "))" }
                context.output(line)
            }
        } else {
            context.output("Today's plan (\(today), \(zone)): not drawn yet; 'mirror-bot start' draws it.")
        }
        let distribution = try await scheduler.rhythm.minuteDistribution()
        context.output("")
        context.output("Posting rhythm (\(distribution.total) posts by hour of the day, \(zone)):")
        context.output(distribution.isEmpty ? "  no posts stored yet: run 'mirror-bot train scheduler' or 'mirror-bot import'" : Histogram.render(distribution))
        return 0
    }

    static func jsonLine(date: LocalDate, times: [String]) -> String {
        let quoted = times.map { "\"\($0)\"" }.joined(separator: ",")
        return "{\"date\":\"\(date)\",\"times\":[\(quoted)]}"
    }
}
