import MirrorBot

extension DaemonSettings {
    /// The daemon's knobs from the environment; learning polls every 4x `POLL_INTERVAL_SECONDS`.
    public init(configuration: Configuration, owner: String) {
        self.init(
            dryRun: configuration.dryRun, pollInterval: configuration.pollInterval,
            learnInterval: configuration.pollInterval * 4, replyLimitPerHour: configuration.replyLimitPerHour,
            likeLimitPerDay: configuration.likeLimitPerDay, timeZone: configuration.timeZone, owner: owner
        )
        linkPosts = configuration.linkPosts
    }
}
