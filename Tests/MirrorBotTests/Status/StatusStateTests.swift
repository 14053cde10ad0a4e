import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

@Suite("Status state fed by log events")
struct StatusStateTests {
    @Test("posts, replies, silences, likes and would-likes move their counters and are listed with their reasons")
    func countersAndActions() {
        let world = StatusWorld()
        world.started()
        let posting = world.log.with(["loop": "posting"])
        let replies = world.log.with(["loop": "replies"])
        let likes = world.log.with(["loop": "likes"])
        posting.info("posted", ["slot": "07:40", "at": "07:41", "id": "9", "reason": "planned slot 07:40", "text": "おはよう"])
        replies.info("replied", ["mention": "5", "to": "@friend", "id": "10", "reason": "the human replied this to @friend before", "text": "ありがとう"])
        replies.info("reply_silent", ["mention": "6", "to": "@stranger", "reason": "the human never replied to @stranger"])
        likes.info("liked", ["post": "7", "author": "@foodie", "ratio": "14.741", "features": "ラーメン,屋", "reason": "the human would like it"])
        likes.info("would_like", ["post": "8", "author": "@foodie", "ratio": "5.000", "features": "", "reason": "dry run"])
        likes.info("not_liked", ["post": "11", "author": "@boss", "ratio": "0.200", "reason": "below the threshold"])

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

    @Test("skipped slots are counted by a reason with few values, and the plan shows each slot's fate")
    func slotFates() {
        let world = StatusWorld(at: "10:00")
        world.started()
        world.publishPlan([("07:40", .planned), ("08:10", .planned), ("09:55", .planned), ("21:00", .planned)])
        let posting = world.log.with(["loop": "posting"])
        posting.info("slot_skipped", ["slot": "07:40", "reason": "missed", "late_min": 140])
        posting.info("slot_skipped", ["slot": "08:10", "reason": "missed", "detail": "missed: slot 09:55 fell due too; one post at a time"])
        posting.info("posted", ["slot": "09:55", "at": "10:00", "id": "9", "text": "十時のつぶやき"])
        posting.info("slot_skipped", ["count": 3, "reason": "missed: the day ended before the slot was posted"])
        posting.warning("slots_interrupted", ["count": 1])

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
            world.log.with(["loop": "replies"]).info("reply_silent", ["mention": index, "to": "@u\(index)", "reason": "never replied"])
        }
        let actions = world.state.actions
        #expect(actions.count == 50)
        #expect(actions.first?.subject == "@u69")
        #expect(actions.last?.subject == "@u20")
    }

    @Test("the threshold in force: the configured one, until a like line reports its own")
    func threshold() {
        let world = StatusWorld()
        world.board.setThreshold(3.0, source: "FAVORITE_RATE_THRESHOLD")
        #expect(world.metric(StatusMetrics.threshold) == 3.0)
        world.log.with(["loop": "likes"]).info("not_liked", ["post": "1", "author": "@a", "ratio": "0.100", "threshold": "0.420", "reason": "below"])
        #expect(world.metric(StatusMetrics.threshold) == 0.42)
        #expect(world.state.classifier.thresholdSource == "as the like loop reports it")
    }

    @Test("the human's like share comes from what the learning loop learned")
    func humanShare() {
        let world = StatusWorld()
        #expect(world.metric(StatusMetrics.likeShare, ["account": "human"]) == nil)
        world.log.with(["loop": "learning"]).info("learned_likes", ["favorite": 3])
        world.log.with(["loop": "learning"]).info("learned_timeline", ["normal": 97])
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
        world.log.with(["loop": "replies"]).info("replied", ["to": "@friend", "text": "my token is s3cr3t-token"])
        world.board.roundFailed("likes", error: NetworkError.failed(endpoint: "redis://:hunter22@redis:6379", status: 0, detail: "s3cr3t-token"))
        let state = world.state
        #expect(state.lastReply?.text == "my token is ***")
        let error = state.loops.first { $0.name == "likes" }?.lastError ?? ""
        #expect(!error.contains("hunter22") && !error.contains("s3cr3t-token"), "\(error)")
    }
}
