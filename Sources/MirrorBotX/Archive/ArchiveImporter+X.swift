import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport

extension ArchiveImporter {
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
                let mediaFolder = ArchiveMediaFolder(postsFile: file.path)
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
                    if !tweet.media.isEmpty {
                        let found = mediaFolder.media(of: tweet)
                        post.media = found.media
                        post.text = XNetwork.withoutMediaLink(post.text, link: tweet.media.first?.link)
                        // Counted for the originals (the posts the bot reposts), as docs/REAL-EXPORTS.md does.
                        if post.inReplyToUserID == nil, !post.text.hasPrefix("RT @") {
                            summary.mediaFound += found.media.count - found.missing.count
                            summary.mediaMissing += found.missing
                        }
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
}
