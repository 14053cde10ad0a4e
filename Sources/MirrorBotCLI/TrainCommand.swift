import MirrorBot

/// `mirror-bot train`: not built yet; says so and exits 69 (unavailable).
struct TrainCommand: Command {
    static let name = "train"
    static let abstract = "Train the scheduler (train scheduler) or the classifier (train classifier), or forget everything (train clear --yes)."
    static let help = "USAGE: mirror-bot train scheduler|classifier|clear [--force] [--yes] [--jsonl FILE]"

    init(arguments: [String]) throws {}

    func run(_ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: Self.name)
    }
}
