import Foundation

/// The daemon's knobs, from the configuration.
public struct DaemonSettings: Sendable {
    public var dryRun: Bool
    /// Mentions and the bot's home timeline.
    public var pollInterval: Duration
    /// The human's posts, likes and home timeline: learning can wait longer.
    public var learnInterval: Duration
    public var replyLimitPerHour: Int
    public var likeLimitPerDay: Int
    public var timeZone: TimeZone
    /// A slot not posted this long after its time is skipped as missed (the daemon was down).
    public var lateGrace: TimeInterval = 15 * 60
    /// On a first run (no cursor), mentions older than this are not answered.
    public var firstRunMentionWindow: TimeInterval = 3600
    /// Names this process in slot claims.
    public var owner: String

    public init(
        dryRun: Bool, pollInterval: Duration, learnInterval: Duration, replyLimitPerHour: Int, likeLimitPerDay: Int,
        timeZone: TimeZone, owner: String
    ) {
        self.dryRun = dryRun
        self.pollInterval = pollInterval
        self.learnInterval = learnInterval
        self.replyLimitPerHour = replyLimitPerHour
        self.likeLimitPerDay = likeLimitPerDay
        self.timeZone = timeZone
        self.owner = owner
    }
}
