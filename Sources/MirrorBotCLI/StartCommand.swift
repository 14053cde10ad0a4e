import MirrorBot

/// `mirror-bot start`: not built yet; says so and exits 69 (unavailable).
struct StartCommand: Command {
    static let name = "start"
    static let abstract = "Run the bot: post, reply, like and keep learning, until SIGTERM or SIGINT."
    static let help = "USAGE: mirror-bot start"

    init(arguments: [String]) throws {}

    func run(_ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: Self.name)
    }
}
