import MirrorBot

/// `mirror-bot classify`: not built yet; says so and exits 69 (unavailable).
struct ClassifyCommand: Command {
    static let name = "classify"
    static let abstract = "Classify a text (TEXT --author NAME) or a JSONL file (--jsonl FILE)."
    static let help = "USAGE: mirror-bot classify TEXT --author NAME | --jsonl FILE"

    init(arguments: [String]) throws {}

    func run(_ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: Self.name)
    }
}
