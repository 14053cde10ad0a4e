/// Whether the work of the current task is a bot's start: its own account and its human's read
/// before its loops run. Those reads go with the mentions' (`Answering`): after a post's, before the
/// reads, likes and sweeps waiting for the same server, so the bots a host takes over from a dead
/// one run again without waiting behind the running bots' background reads.
public enum Starting {
    @TaskLocal public static var underway = false

    /// Runs `work` as a bot's start.
    public static func run<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
        try await $underway.withValue(true) { try await work() }
    }
}
