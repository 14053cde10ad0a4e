import Foundation

/// Imports the human's X data archive (or a JSONL file of posts): posts to
/// the `PostStore`, likes to the classifier's `favorite` category.
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

    /// Imports an archive folder, its `data/` folder, or one tweets or likes file.
    ///
    /// Posts in `deleted-tweets.js`, or marked `deleted_at`, are counted as deleted and
    /// never stored; a long post's cut text is replaced by its whole text from
    /// `note-tweet.js`; `account-timezone.js` is reported (TIME_ZONE places the posts).
    public func importArchive(at path: String) async throws -> ImportSummary {
        let files = try ArchiveLocator.files(at: path)
        var summary = ImportSummary()
        var collector = PostCollector()
        var likes: [ArchiveLike] = []
        var deletedIDs: Set<String> = []
        var notes = ArchiveNoteBook()
        let dates = PlausibleDates.x(now: now())
        for file in files {
            try Task.checkCancellation()
            logger.info("import_file", ["file": file.path])
            summary.files.append(file.path)
            let reader = ArchiveFileReader(path: file.path)
            switch file.kind {
            case .deletedTweets:
                try reader.forEachEntry(as: ArchiveTweetID.self) { entry, _ in deletedIDs.insert(entry.id) }
            case .noteTweets:
                try reader.forEachEntry(as: ArchiveNoteTweet.self) { note, _ in notes.add(note) }
            case .timeZone:
                summary.archiveTimeZoneFile = file.path
                try reader.forEachEntry(as: ArchiveTimeZone.self) { entry, _ in
                    summary.archiveTimeZone = summary.archiveTimeZone ?? entry.timeZone
                }
            case .tweets:
                try reader.forEachEntry(as: ArchiveTweet.self) { tweet, _ in
                    if tweet.deletedAt != nil || deletedIDs.contains(tweet.id) {
                        collector.countDeleted()
                        return
                    }
                    var post = try tweet.post(dates: dates)
                    if !notes.isEmpty, let full = notes.fullText(of: post) {
                        post.text = full
                        summary.longPostsCompleted += 1
                    }
                    collector.add(post)
                    if collector.read % progressInterval == 0 {
                        logger.info("import_progress", ["posts_read": collector.read])
                    }
                }
            case .likes:
                try reader.forEachEntry(as: ArchiveLikeEntry.self) { entry, index in
                    if let like = entry.like { likes.append(like) } else { summary.likesEmpty += 1 }
                    if index % progressInterval == 0 {
                        logger.info("import_progress", ["likes_read": likes.count + summary.likesEmpty])
                    }
                }
            }
        }
        if let reason = collector.nothingImportable, let posts = files.first(where: { $0.kind == .tweets }) {
            throw InputError(file: posts.path, message: reason)
        }
        try await store(collector, into: &summary)
        summary.likesFound = likes.count
        await train(likes, into: &summary)
        return summary
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
