import MirrorBot

/// What an import did, for the log line and the human line.
public struct ImportSummary: Sendable, Equatable {
    /// The files read, in order.
    public var files: [String] = []
    /// Posts read from the input (retweets and empty ones included).
    public var postsRead = 0
    /// New posts stored.
    public var stored = 0
    /// Posts already stored, or present twice in the input.
    public var duplicates = 0
    /// Retweets (`RT @…`), never stored.
    public var retweets = 0
    /// Posts with no text, never stored.
    public var empty = 0
    /// Posts older than the newest POST_LIMIT of the input, not stored.
    public var overLimit = 0
    /// Followers-only and direct posts, never stored:
    /// the bot must not make them public or drop their warning.
    public var privateSkipped = 0
    /// Of `privateSkipped`, those behind a content warning (none since issue 40: they are kept).
    public var contentWarned = 0
    /// Posts stored with their content warning or sensitivity (Mastodon, Misskey; issue 40): reposted
    /// only where the warning goes with them.
    public var warningsKept = 0
    /// Activities of other types in a Mastodon outbox (`Like`, `Follow`, …), by type: not posts.
    public var otherActivities: [String: Int] = [:]
    /// Posts the archive marks deleted (`deleted-tweets.js`, `deleted_at`), never stored.
    public var deleted = 0
    /// Long posts whose cut text was replaced by the whole one from `note-tweet.js`.
    public var longPostsCompleted = 0
    /// `account-timezone.js`, when the archive has one, and the zone it names (X's name,
    /// e.g. "Tokyo"; nil when it names none). Posts are placed in TIME_ZONE either way.
    public var archiveTimeZoneFile: String?
    public var archiveTimeZone: String?
    /// Likes with text found in the input.
    public var likesFound = 0
    /// Likes without text, skipped.
    public var likesEmpty = 0
    /// Likes handed to the classifier.
    public var likesTrained = 0
    /// Pictures of the stored posts whose files the input holds (Mastodon's `media_attachments/`).
    public var mediaFound = 0
    /// Pictures whose files the input lacks, one line each ("note …: /media_attachments/… not in the export"):
    /// kept with their post, which is then never posted without them (`POST_MEDIA=carry`).
    public var mediaMissing: [String] = []
    /// Problems that did not undo the import (e.g. training failed after the posts were stored).
    public var errors: [String] = []

    public init() {}
}
