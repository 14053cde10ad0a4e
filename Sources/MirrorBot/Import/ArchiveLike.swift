/// One like from the archive's `like.js`: the liked post's id and text
/// (HTML entities undone). The archive has no author and no time for likes.
public struct ArchiveLike: Sendable, Equatable {
    public var tweetID: String
    public var text: String

    public init(tweetID: String, text: String) {
        self.tweetID = tweetID
        self.text = text
    }
}

/// Trains the classifier's `favorite` category with archive likes (author
/// unknown). Called with batches; the CLI wires it to the classifier.
public typealias ArchiveLikeTrainer = @Sendable ([ArchiveLike]) async throws -> Void
