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
    /// The day's spend and budget on a network that charges for its API (X's `SpendLedger`); nil on a free one.
    /// With it, reads that buy nothing are left out: the home timeline once likes are refused or
    /// off, the human's home timeline as often as it changes a decision (docs/X.md, "What X costs").
    public var spending: (any SpendGate)?
    /// Whether the network refused likes (the like loop learns it; the learning loop reads it).
    public var likeAccess = LikeAccess()
    /// X_SKIP_LINK_POSTS.
    public var linkPosts: LinkPostSkipping = .tight

    /// Likes will be decided for something: sent, or logged in a dry run.
    public var likesWanted: Bool { dryRun || (!likeAccess.isRefused && likeLimitPerDay > 0) }

    /// False when the budget stops `use` (always true without a budget).
    public func allows(_ use: SpendUse) -> Bool { spending?.allows(use) ?? true }

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
