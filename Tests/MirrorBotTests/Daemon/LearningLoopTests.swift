import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

@Suite("Learning loop with in-memory stores")
struct LearningLoopTests {
    let human = Account(id: "1", username: "haru")
    let network = ScriptedNetwork(account: Account(id: "1", username: "haru"))
    let posts = InMemoryPostStore()
    let cursors = InMemoryCursors()
    let marks = InMemoryTrainingMarks()
    let classifier = InMemoryClassifier()

    func post(_ id: Int, _ text: String, by author: String = "5", retweet: Bool = false) -> NetworkPost {
        NetworkPost(id: String(id), text: text, createdAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(id)),
                    authorID: author, authorUsername: "user\(author)", isRetweet: retweet)
    }

    var learner: Learner {
        Learner(human: network, humanAccount: human, posts: posts, classifier: classifier, cursors: cursors, marks: marks, log: .silent)
    }

    @Test("new posts are stored without retweets; likes train favorite until a known one; the home timeline trains normal, each once")
    func learnsEachOnce() async throws {
        network.addPosts([post(10, "自分の投稿", by: "1"), post(11, "RT @x: 他人", by: "1", retweet: true)], of: "1")
        network.addLikes([post(20, "猫 かわいい"), post(21, "犬 かわいい")], of: "1")
        network.addHome([post(30, "会議 資料"), post(21, "犬 かわいい"), post(31, "自分", by: "1"), post(32, "RT", retweet: true)], of: "1")

        let loop = LearningLoop(learner: learner, settings: DaemonSettings.testing())
        #expect(try await loop.runOnce() == .seconds(1200))
        #expect(await posts.posts.map(\.id) == ["10"])
        #expect(await classifier.store.counts.documents == CategoryCounts(favorite: 2, normal: 1))
        #expect(await cursors.cursor("human_posts") == "11")
        #expect(await cursors.cursor("human_home") == "32")

        // Nothing new: nothing learned twice.
        _ = try await loop.runOnce()
        #expect(await classifier.store.counts.documents == CategoryCounts(favorite: 2, normal: 1))
    }

    @Test("its milestone is reached by the first round that learned, not by one that failed")
    func learnedMilestone() async throws {
        network.addLikes([post(20, "猫 かわいい")], of: "1")
        var loop = LearningLoop(learner: learner, settings: DaemonSettings.testing())
        let learned = Milestone()
        loop.learned = learned
        network.failReads([.failed(endpoint: "timeline", status: 503, detail: "down")])
        await #expect(throws: NetworkError.self) { try await loop.runOnce() }
        #expect(!learned.isReached)
        _ = try await loop.runOnce()
        #expect(learned.isReached)
        #expect(await classifier.store.counts.documents.favorite == 1)
    }

    /// A budget that allows no read that only informs.
    struct NoReads: SpendGate {
        func allows(_ use: SpendUse) -> Bool { use != .optionalRead }
        func isLinkPost(_ text: String) -> Bool { false }
    }

    @Test("a round the budget lets read nothing reaches its milestone but not the history's; a round that reads reaches both")
    func historyReadMilestone() async throws {
        network.addLikes([post(20, "猫 かわいい")], of: "1")
        var settings = DaemonSettings.testing()
        settings.spending = NoReads()
        var loop = LearningLoop(learner: learner, settings: settings)
        let (learned, historyRead) = (Milestone(), Milestone())
        loop.learned = learned
        loop.historyRead = historyRead
        _ = try await loop.runOnce()
        #expect(learned.isReached)
        #expect(!historyRead.isReached)
        #expect(await classifier.store.counts.documents.favorite == 0)

        loop = LearningLoop(learner: learner, settings: DaemonSettings.testing())
        loop.historyRead = historyRead
        _ = try await loop.runOnce()
        #expect(historyRead.isReached)
        #expect(await classifier.store.counts.documents.favorite == 1)
    }
}
