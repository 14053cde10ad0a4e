import MirrorBot

extension DaemonSettings {
    /// The settings the loop tests run with: polls every 5 minutes, learning every 20, GMT,
    /// owner `test`; the limits (and a dry run) as each test needs them.
    public static func testing(dryRun: Bool = false, replyLimitPerHour: Int = 3, likeLimitPerDay: Int = 10) -> DaemonSettings {
        DaemonSettings(
            dryRun: dryRun, pollInterval: .seconds(300), learnInterval: .seconds(1200), replyLimitPerHour: replyLimitPerHour,
            likeLimitPerDay: likeLimitPerDay, timeZone: .gmt, owner: "test")
    }
}
