import MirrorBot

/// One like from the archive's `like.js`: the liked post's id and text
/// (HTML entities undone). The X archive has no author and no time for likes;
/// a Bluesky export's likes get their texts and authors from the network.
public struct ArchiveLike: Sendable, Equatable {
    public var tweetID: String
    public var text: String
    /// The author's username, when known.
    public var author: String?

    public init(tweetID: String, text: String, author: String? = nil) {
        self.tweetID = tweetID
        self.text = text
        self.author = author
    }
}

/// Trains the classifier's `favorite` category with archive likes (the author
/// only when known). Called with batches; the CLI wires it to the classifier.
public typealias ArchiveLikeTrainer = @Sendable ([ArchiveLike]) async throws -> Void
