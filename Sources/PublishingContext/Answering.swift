/// Whether the work of the current task is reading what people sent the bot, to answer them: the
/// reply loop's round. Its requests go after a post's and before the reads, likes and sweeps
/// waiting for the same server, so a mention is not left unanswered behind a day's background reads.
public enum Answering {
    @TaskLocal public static var underway = false

    /// Runs `work` as answering.
    public static func run<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
        try await $underway.withValue(true) { try await work() }
    }
}
