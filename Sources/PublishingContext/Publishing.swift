/// Whether the work of the current task is publishing a post: a planned post or a reply, once
/// its slot or mention is claimed, from the look-up of its source to the check of whether it
/// went out. Every request made meanwhile goes before the reads, likes and sweeps waiting for
/// the same server (`CurlTransport`'s line), so a post is not late behind them.
public enum Publishing {
    @TaskLocal public static var underway = false

    /// Runs `work` as publishing a post.
    public static func run<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
        try await $underway.withValue(true) { try await work() }
    }
}
