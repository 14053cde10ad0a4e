import MirrorBot

/// `mirror-bot doctor`: not built yet; says so and exits 69 (unavailable).
struct DoctorCommand: Command {
    static let name = "doctor"
    static let abstract = "Check PostgreSQL, Redis, the MeCab dictionary and both accounts' credentials."
    static let help = "USAGE: mirror-bot doctor"

    init(arguments: [String]) throws {}

    func run(_ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: Self.name)
    }
}
