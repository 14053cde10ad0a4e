import CoreTestSupport
import MirrorBot
@testable import MirrorBotCLI
import MirrorBotImport
import Synchronization
import Testing

@Suite("The archive likes' trainer connects its classifier once")
struct FavoriteTrainerTests {
    struct Unreachable: Error {}

    @Test("three batches, one connect; each like learned once")
    func connectsOnce() async throws {
        let connects = Mutex(0)
        let classifier = InMemoryClassifier(learning: .countsOnly)
        let train = makeFavoriteTrainer(marks: InMemoryTrainingMarks()) {
            connects.withLock { $0 += 1 }
            return classifier
        }
        try await train([ArchiveLike(tweetID: "1", text: "猫"), ArchiveLike(tweetID: "2", text: "犬")])
        try await train([ArchiveLike(tweetID: "3", text: "鳥")])
        try await train([ArchiveLike(tweetID: "1", text: "猫")])
        #expect(connects.withLock { $0 } == 1)
        #expect(try await classifier.documentCounts() == CategoryCounts(favorite: 3, normal: 0))
    }

    @Test("no batch, no connect; a failed connect is tried again on the next batch, then kept")
    func retriesAFailedConnect() async throws {
        let connects = Mutex(0)
        let classifier = InMemoryClassifier(learning: .countsOnly)
        let train = makeFavoriteTrainer(marks: InMemoryTrainingMarks()) {
            let attempt = connects.withLock { $0 += 1; return $0 }
            if attempt == 1 { throw Unreachable() }
            return classifier
        }
        #expect(connects.withLock { $0 } == 0)
        await #expect(throws: Unreachable.self) { try await train([ArchiveLike(tweetID: "1", text: "猫")]) }
        try await train([ArchiveLike(tweetID: "1", text: "猫")])
        try await train([ArchiveLike(tweetID: "2", text: "犬")])
        #expect(connects.withLock { $0 } == 2)
        #expect(try await classifier.documentCounts() == CategoryCounts(favorite: 2, normal: 0))
    }
}
