import MirrorBot

/// `mirror-bot schedule`: not built yet; says so and exits 69 (unavailable).
struct ScheduleCommand: Command {
    static let name = "schedule"
    static let abstract = "Show today's plan and the human's posting rhythm; simulate days with --days N --seed S --json."
    static let help = "USAGE: mirror-bot schedule [--days N] [--seed S] [--json]"

    init(arguments: [String]) throws {}

    func run(_ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: Self.name)
    }
}
