import Foundation
import JSONLines
import MirrorBot

/// Imports the human's posts (a JSONL file here; each network's export in its adapter:
/// `importArchive` in MirrorBotX, `importMastodonExport`, `importBlueskyRepository`):
/// posts to the `PostStore`, likes to the classifier's `favorite` category.
///
/// All or nothing for posts: every file is read and checked first, keeping
/// only compact `Post` values in memory (about 1 KB a post), and the posts
/// are then stored in one `store` call, which `PostgresPostStore` runs in one
/// transaction. A truncated or malformed file therefore throws an `InputError`
/// (file, line, byte) before anything is written. Likes are trained after the
/// posts are stored; a training failure is reported in the summary and does
/// not undo the posts.
public struct ArchiveImporter: Sendable {
    public var store: any PostStore
    /// POST_LIMIT: only the newest this many posts of the input are offered to the store.
    public var postLimit: Int?
    /// nil when no classifier is available: likes are counted, not trained.
    public var trainFavorites: ArchiveLikeTrainer?
    public var logger: Logger
    /// A progress line every this many posts or likes read.
    public var progressInterval = 10_000
    /// Likes handed to the trainer per call.
    public var likeBatchSize = 1_000
    /// The import's clock: a post dated more than a day after it is refused (`PlausibleDates`).
    public var now: @Sendable () -> Date = { Date() }

    public init(store: any PostStore, postLimit: Int? = nil, trainFavorites: ArchiveLikeTrainer? = nil, logger: Logger = .silent) {
        self.store = store
        self.postLimit = postLimit
        self.trainFavorites = trainFavorites
        self.logger = logger
    }

    /// Imports a JSONL file of posts (see `JSONLPostReader`).
    public func importJSONL(at path: String) async throws -> ImportSummary {
        var summary = ImportSummary()
        summary.files = [path]
        var collector = PostCollector()
        logger.info("import_file", ["file": path])
        try JSONLPostReader(path: path, dates: .jsonl(now: now())).forEachPost { post in
            collector.add(post)
            if collector.read % progressInterval == 0 {
                logger.info("import_progress", ["posts_read": collector.read])
            }
        }
        try await store(collector, into: &summary)
        return summary
    }

    /// Stores the collected posts. Posts read and none importable (all retweets, empty
    /// or deleted) is an `InputError` naming the first file read, not an import of nothing.
    public func store(_ collector: consuming PostCollector, into summary: inout ImportSummary) async throws {
        try Task.checkCancellation()
        if let reason = collector.nothingImportable {
            throw InputError(file: summary.files.first ?? "the input", message: reason)
        }
        let (posts, left) = collector.takeNewest(postLimit)
        logger.info("import_storing", ["posts": posts.count])
        let inserted = try await store.store(posts)
        summary.postsRead = collector.read
        summary.stored = inserted
        summary.duplicates = collector.duplicates + posts.count - inserted
        summary.retweets = collector.retweets
        summary.empty = collector.empty
        summary.deleted = collector.deleted
        summary.overLimit = left
    }

    /// Hands `likes` to the classifier's trainer in batches; a failure is reported in the summary.
    public func train(_ likes: [ArchiveLike], into summary: inout ImportSummary) async {
        guard let trainFavorites, !likes.isEmpty else { return }
        for start in stride(from: 0, to: likes.count, by: likeBatchSize) {
            let batch = Array(likes[start..<min(start + likeBatchSize, likes.count)])
            do {
                try await trainFavorites(batch)
            } catch {
                let message = "training the classifier stopped after \(summary.likesTrained) of \(likes.count) likes: \(error)"
                logger.error("import_likes_failed", ["trained": summary.likesTrained, "error": "\(error)"])
                summary.errors.append(message)
                return
            }
            summary.likesTrained += batch.count
            if summary.likesTrained % progressInterval < batch.count {
                logger.info("import_progress", ["likes_trained": summary.likesTrained])
            }
        }
    }
}
