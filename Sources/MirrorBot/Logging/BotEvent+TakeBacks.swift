extension BotEvent {
    /// What the bot was doing with one of the human's posts when it found it gone.
    public enum SourceUse: String, Sendable, Equatable {
        /// About to post it at a planned slot.
        case post
        /// About to answer a mention with it.
        case reply
        /// The learning loop's sweep.
        case sweep
        /// The learning loop's recheck of the sources of the bot's recent copies.
        case recentCopy = "recent_copy"
    }

    /// What the bot left undone for someone who said no.
    public enum Interaction: String, Sendable, Equatable {
        case reply
        case like
    }

    /// How someone said no to the bot.
    public enum OptOutReason: String, Sendable, Equatable {
        /// They are on the do-not-interact list (they asked the bot to stop, or an operator added them).
        case optedOut = "opted_out"
        /// Their profile says `#nobot` or the like.
        case profile = "profile_says_no"
    }

    static func sourceWithdrawnLine(post: String, use: SourceUse) -> Line {
        Line(.info, "source_withdrawn", ["post": post, "use": use.rawValue, "reason": "the human deleted it; never used again"])
    }

    static func optedOutLine(author: String, mention: String) -> Line {
        Line(.info, "opted_out", ["author": author, "mention": mention, "reason": "asked the bot to stop; no reply, no like from now on"])
    }

    static func leftAloneLine(post: String, author: String, skipped: Interaction, why: OptOutReason) -> Line {
        Line(.info, "left_alone", ["post": post, "author": author, "skipped": skipped.rawValue, "reason": why.rawValue])
    }
}
