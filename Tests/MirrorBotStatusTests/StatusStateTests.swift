import CoreTestSupport
import Foundation
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

@Suite("Status state fed by the loops' events")
struct StatusStateTests {
    @Test("posts, replies, silences, likes and would-likes move their counters and are listed with their reasons")
    func countersAndActions() {
        let world = StatusWorld()
        world.started()
        let posting = world.log("posting")
        let replies = world.log("replies")
        let likes = world.log("likes")
        posting.report(.posted(StatusWorld.post("07:40", at: "07:41", text: "おはよう"), id: "9"))
        replies.report(.replied(BotEvent.Reply(mention: "5", to: "@friend", text: "ありがとう"), id: "10"))
        replies.report(.replySilent(mention: "6", to: "@stranger"))
        likes.report(StatusWorld.like("7", author: "@foodie", ratio: 14.741, features: ["ラーメン", "屋"], .liked))
        likes.report(StatusWorld.like("8", author: "@foodie", ratio: 5, .wouldLike(.dryRun)))
        likes.report(StatusWorld.like("11", author: "@boss", ratio: 0.2, .passed))

        #expect(world.metric(StatusMetrics.posts) == 1)
        #expect(world.metric(StatusMetrics.replies) == 1)
        #expect(world.metric(StatusMetrics.silences) == 1)
        #expect(world.metric(StatusMetrics.likes) == 1)
        #expect(world.metric(StatusMetrics.wouldLikes) == 1)
        #expect(world.metric(StatusMetrics.passes) == 1)
        let actions = world.state.actions
        // Newest first; passes are not listed.
        #expect(actions.map(\.kind) == [.wouldLike, .liked, .silent, .replied, .posted])
        #expect(actions[3].subject == "@friend" && actions[3].text == "ありがとう")
        #expect(actions[3].reason == "the human replied this to @friend before")
        #expect(actions[1].reason?.contains("features: ラーメン, 屋") == true)
        #expect(world.state.lastReply?.text == "ありがとう")
        #expect(world.state.classifier.decisions.map(\.liked) == [false, true, true])
        #expect(world.metric(StatusMetrics.likeShare, ["account": "bot"]) == 2.0 / 3.0)
    }

    @Test("the take-backs' totals show on the page and in /metrics; a stop request and a deleted copy move them at once")
    func takeBackCounts() throws {
        let world = StatusWorld()
        world.started()
        #expect(world.metric(StatusMetrics.withdrawnSources) == nil)
        #expect(!StatusPage(world.snapshot).render().contains("taken back:"))
        let learning = world.log("learning")
        learning.report(.takeBackCounts(TakeBackCounts(withdrawnSources: 3, deletedCopies: 1, optedOut: 0)))
        world.log("replies").report(.optedOut(author: "@friend", mention: "5"))
        learning.report(.copyDeleted(copy: "9", source: "101"))
        #expect(world.metric(StatusMetrics.withdrawnSources) == 3)
        #expect(world.metric(StatusMetrics.deletedCopies) == 2)
        #expect(world.metric(StatusMetrics.optedOut) == 1)
        #expect(world.state.actions.map(\.kind) == [.copyDeleted, .optedOut])
        let page = StatusPage(world.snapshot).render()
        #expect(page.contains("taken back: 3 withdrawn source(s), 2 deleted copies, 1 opted-out person"), "\(page)")
        let metrics = PrometheusText.render(world.snapshot.metrics)
        #expect(metrics.contains("mirror_bot_withdrawn_sources 3\n") && metrics.contains("mirror_bot_opted_out_people 1\n"), "\(metrics)")
        // The next tally is what PostgreSQL holds (an operator removed the friend meanwhile).
        learning.report(.takeBackCounts(TakeBackCounts(withdrawnSources: 4, deletedCopies: 2, optedOut: 0)))
        #expect(world.metric(StatusMetrics.withdrawnSources) == 4 && world.metric(StatusMetrics.optedOut) == 0)
    }

    @Test("skipped slots are counted by a reason with few values, and the plan shows each slot's fate")
    func slotFates() {
        let world = StatusWorld(at: "10:00")
        world.started()
        world.publishPlan([("07:40", .planned), ("08:10", .planned), ("09:55", .planned), ("21:00", .planned)])
        let posting = world.log("posting")
        posting.report(.slotSkipped(slot: "07:40", .late(slot: "07:40", minutes: 140)))
        posting.report(.slotSkipped(slot: "08:10", .crowdedOut(latest: "09:55")))
        posting.report(.posted(StatusWorld.post("09:55", at: "10:00", text: "十時のつぶやき"), id: "9"))
        posting.report(.pastSlotsSkipped(count: 3))
        posting.report(.slotsInterrupted(count: 1))

        #expect(world.metric(StatusMetrics.skippedSlots, ["reason": "missed"]) == 5)
        #expect(world.metric(StatusMetrics.skippedSlots, ["reason": "interrupted"]) == 1)
        #expect(world.metric(StatusMetrics.skippedSlots, ["reason": "no_post_fits"]) == 0)
        let slots = world.state.plan?.slots ?? []
        #expect(slots.map(\.state) == [.skipped, .skipped, .posted, .planned])
        #expect(slots[0].reason == "missed: 140 min late")
        #expect(slots[1].reason == "missed: slot 09:55 fell due too; one post at a time")
        #expect(slots[2].text == "十時のつぶやき" && slots[2].postedAt == StatusWorld.at("10:00"))
        #expect(world.state.nextSlot == StatusWorld.at("21:00"))
        #expect(world.metric(StatusMetrics.nextSlot) == StatusWorld.at("21:00").timeIntervalSince1970)
        #expect(world.metric(StatusMetrics.plannedSlots, ["state": "skipped"]) == 2)
        #expect(world.state.botMinutesToday == [600])
    }

    @Test("the last 50 actions are kept, newest first")
    func keepsFifty() {
        let world = StatusWorld()
        for index in 0..<70 {
            world.log("replies").report(.replySilent(mention: "\(index)", to: "@u\(index)"))
        }
        let actions = world.state.actions
        #expect(actions.count == 50)
        #expect(actions.first?.subject == "@u69")
        #expect(actions.last?.subject == "@u20")
    }

    @Test("the threshold in force: the configured one, until a like decision reports its own")
    func threshold() {
        let world = StatusWorld()
        world.board.setThreshold(3.0, source: "FAVORITE_RATE_THRESHOLD")
        #expect(world.metric(StatusMetrics.threshold) == 3.0)
        world.log("likes").report(StatusWorld.like("1", author: "@a", ratio: 0.1, threshold: 0.42, .passed))
        #expect(world.metric(StatusMetrics.threshold) == 0.42)
        #expect(world.state.classifier.thresholdSource == "as the like loop reports it")
    }

    @Test("the human's like share comes from what the learning loop learned")
    func humanShare() {
        let world = StatusWorld()
        #expect(world.metric(StatusMetrics.likeShare, ["account": "human"]) == nil)
        world.log("learning").report(.learnedLikes(3))
        world.log("learning").report(.learnedTimeline(97))
        #expect(world.metric(StatusMetrics.likeShare, ["account": "human"]) == 0.03)
        #expect(world.metric(StatusMetrics.learned, ["category": "normal"]) == 97)
    }

    @Test("the strongest features are those of recent liked posts, most frequent first")
    func strongestFeatures() {
        var classifier = ClassifierStatus()
        for features in [["猫", "カフェ"], ["ラーメン", "猫"], ["猫"]] {
            classifier.record(.init(at: Date(), author: "@a", ratio: 9, liked: true, features: features))
        }
        classifier.record(.init(at: Date(), author: "@b", ratio: 0.1, liked: false, features: ["会議"]))
        #expect(classifier.strongestFeatures(limit: 2).map(\.feature) == ["猫", "ラーメン"])
        #expect(classifier.strongestFeatures().map(\.count) == [3, 1, 1])
    }

    @Test("values reach the board redacted, as in the log line")
    func redacted() {
        let world = StatusWorld(secrets: ["s3cr3t-token"])
        world.log("replies").report(.replied(BotEvent.Reply(mention: "1", to: "@friend", text: "my token is s3cr3t-token"), id: "2"))
        world.board.roundFailed("likes", error: NetworkError.failed(endpoint: "redis://:hunter22@redis:6379", status: 0, detail: "s3cr3t-token"))
        let state = world.state
        #expect(state.lastReply?.text == "my token is ***")
        let error = state.loops.first { $0.name == "likes" }?.lastError ?? ""
        #expect(!error.contains("hunter22") && !error.contains("s3cr3t-token"), "\(error)")
    }
}
