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
    /// Followers-only, direct and content-warned posts (Mastodon), never stored:
    /// the bot must not make them public or drop their warning.
    public var privateSkipped = 0
    /// Likes with text found in the input.
    public var likesFound = 0
    /// Likes without text, skipped.
    public var likesEmpty = 0
    /// Likes handed to the classifier.
    public var likesTrained = 0
    /// Problems that did not undo the import (e.g. training failed after the posts were stored).
    public var errors: [String] = []

    public init() {}
}
