/// Why a mention was not answered.
public enum ReplySkip: Sendable, Equatable {
    /// The bot replied `count` times to `to` in the last hour.
    case hourlyLimit(count: Int, to: String)
    case everyReplyRefused
    /// Each of the human's past replies to `to` (`count` of them) names someone else: the bot
    /// would ping people nobody asked it to.
    case everyReplyNamesOthers(count: Int, to: String)

    /// The reason kept with the mention (`replies.reason`).
    public var stored: String {
        switch self {
        case .hourlyLimit: logReason
        case .everyReplyRefused: "every reply was refused as duplicate"
        case .everyReplyNamesOthers: logReason
        }
    }

    /// The `reason=` field of the `reply_skipped` line, and what the status page shows.
    public var logReason: String {
        switch self {
        case .hourlyLimit(let count, let to): "reply limit: \(count) replies to \(to) in the last hour"
        case .everyReplyRefused: "duplicates refused"
        case .everyReplyNamesOthers(let count, let to): "each of the \(count) past replies to \(to) names someone else"
        }
    }
}
