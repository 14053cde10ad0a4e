import MirrorBot

/// `mirror-bot import`: not built yet; says so and exits 69 (unavailable).
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import the human's X data archive (folder, data/tweets.js, data/like.js) or a JSONL file of posts."
    static let help = "USAGE: mirror-bot import PATH | --jsonl FILE"

    init(arguments: [String]) throws {}

    func run(_ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: Self.name)
    }
}
