import Foundation
import MirrorBot
import MirrorBotImport
import MirrorBotX
import Postgres
import Synchronization
import TestSupport
import Testing

/// Likes handed to the trainer, collected for checking.
final class TrainedLikes: Sendable {
    private let likes = Mutex<[[ArchiveLike]]>([])
    var batches: [[ArchiveLike]] { likes.withLock { $0 } }
    var all: [ArchiveLike] { batches.flatMap { $0 } }
    var trainer: ArchiveLikeTrainer { { batch in self.likes.withLock { $0.append(batch) } } }
}

@Suite("Archive likes to the classifier")
struct ArchiveLikeImportTests {
    @Test("likes are parsed, unescaped and handed to the trainer; likes without text are skipped")
    func likesToTrainer() async throws {
        let db = try await MigratedDatabase.make()
        let trained = TrainedLikes()
        var likes: [(String, String?)] = (1...2_500).map { ("\($0)", "いいね \($0) & more") }
        likes.append(("9999", nil))
        likes.append(("9998", "  "))
        let archive = try ArchiveFixture(tweetParts: [ArchiveImportTests.tweets(3)], likes: likes).write()
        let summary = try await ArchiveImportTests().importer(db, trainer: trained.trainer).importArchive(at: archive.path)
        #expect(summary.likesFound == 2_500)
        #expect(summary.likesEmpty == 2)
        #expect(summary.likesTrained == 2_500)
        #expect(trained.batches.map(\.count) == [1_000, 1_000, 500])
        #expect(trained.all.first == ArchiveLike(tweetID: "1", text: "いいね 1 & more"))
        #expect(summary.stored == 3)

        // Without a trainer the likes are counted only.
        let untrained = try await ArchiveImportTests().importer(db).importArchive(at: archive.path)
        #expect(untrained.likesFound == 2_500)
        #expect(untrained.likesTrained == 0)
        try await db.database.drop()
    }

    @Test("a trainer failure keeps the stored posts and is reported in the summary")
    func trainerFailure() async throws {
        struct ClassifierDown: Error {}
        let db = try await MigratedDatabase.make()
        let archive = try ArchiveFixture(tweetParts: [ArchiveImportTests.tweets(3)], likes: [("1", "a")]).write()
        let summary = try await ArchiveImportTests().importer(db, trainer: { _ in throw ClassifierDown() }).importArchive(at: archive.path)
        #expect(summary.stored == 3)
        #expect(summary.likesTrained == 0)
        #expect(summary.errors.count == 1)
        try await db.database.drop()
    }
}
