import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

@Suite("Like loop on a manual clock")
struct LikeLoopTests: OnLoopWorld {
    let world = LoopWorld()
    /// The shipped rule, `auto`: the seed's 3.0 until 200 sample posts, then calibrated.
    let classifier = InMemoryClassifier()
    let claims = InMemoryLikeClaims()

    func loop(limit: Int, events: EventRecorder? = nil, learned: Milestone? = nil) -> LikeLoop {
        let settings = DaemonSettings.testing(likeLimitPerDay: limit)
        return LikeLoop(
            bot: network, botAccount: network.account, classifier: classifier, cursors: cursors, claims: claims, clock: clock,
            settings: settings, log: events.map { log.logger.reporting(to: $0) } ?? log.logger, learned: learned)
    }

    /// Until `event` is logged (at most 10 s).
    func untilLogged(_ event: String) async throws {
        for _ in 0..<1_000 where log.events(event).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    }

    func post(_ id: Int, _ text: String) -> NetworkPost {
        NetworkPost(id: String(id), text: text, createdAt: clock.now(), authorID: "5", authorUsername: "friend")
    }

    /// The human likes cats and not meetings.
    func trainCats() async throws { try await classifier.trainCats() }

    @Test("auto with 20 sample posts decides by the seed's 3.0, saying so; with 250 it calibrates to the human's 20%")
    func autoRule() async throws {
        let events = EventRecorder()
        func decisions() -> [BotEvent.LikeDecision] {
            events.events.compactMap { if case .likeDecided(let decision) = $0.event { decision } else { nil } }
        }
        try await trainCats()
        network.addHome([post(1, "猫 一")], of: network.account.id)
        _ = try await loop(limit: 10, events: events).runOnce()
        #expect(decisions().map(\.threshold) == [ThresholdInForce(value: 3.0, basis: .fallback(posts: 20, needed: 200))])

        // A labeled sample: 50 liked cats and 200 meetings (the human likes 20%).
        try await classifier.clear()
        try await classifier.train(labeled: (0..<250).map {
            $0 % 5 == 0 ? TrainingExample(text: "猫 a\($0)", author: nil, category: .favorite)
                : TrainingExample(text: "会議 b\($0)", author: nil, category: .normal)
        })
        network.addHome([post(2, "猫 二"), post(3, "会議 三")], of: network.account.id)
        _ = try await loop(limit: 10, events: events).runOnce()
        let calibrated = Array(decisions().dropFirst())
        #expect(calibrated.map(\.post) == ["2", "3"])
        #expect(calibrated.map(\.threshold.basis) == Array(repeating: .calibrated(share: 0.2, posts: 250, recent: 250), count: 2))
        #expect(calibrated.map(\.verdict) == [.liked, .passed])
        #expect(calibrated[0].ratio > calibrated[0].threshold.value && calibrated[1].ratio <= calibrated[1].threshold.value)
        #expect(network.writes.map(\.kind) == [.like("1"), .like("2")])
    }

    @Test("no more than LIKE_LIMIT_PER_DAY likes a day; the rest are logged as skipped and left unclaimed")
    func dailyLimit() async throws {
        try await trainCats()
        network.addHome([post(1, "猫 一"), post(2, "猫 二"), post(3, "会議 三"), post(4, "猫 四")], of: network.account.id)
        _ = try await loop(limit: 2).runOnce()
        #expect(network.writes.map(\.kind) == [.like("1"), .like("2")])
        // Likes publish nothing: they wait their turn.
        #expect(network.writes.allSatisfy { !$0.publishing })
        #expect(log.events("like_skipped").count == 1)
        #expect(log.events("not_liked").count == 1)
        #expect(await claims.records["4"] == nil)
    }

    @Test("a like that fails is released, to be liked at a later round; one that fails as the daemon stops keeps its claim (it may have gone out)")
    func stoppedWhileLiking() async throws {
        try await trainCats()
        network.addHome([post(1, "猫 一")], of: network.account.id)
        let down = NetworkError.failed(endpoint: "like", status: 0, detail: "connection reset")
        network.failLikes([down])
        await #expect(throws: NetworkError.self) { _ = try await loop(limit: 10).runOnce() }
        #expect(await claims.records["1"] == nil)

        // Stopped: the daemon's task cancelled while the claimed like was sent.
        _ = await claims.claimLike("1", authorID: "5", authorUsername: "friend", ratio: 9, day: LocalDate(clock.now(), in: .gmt))
        network.failLikes([down])
        let likes = loop(limit: 10)
        let like = HeldLike(post: post(1, "猫 一"), ratio: 9, threshold: .fixed(3), features: ["猫"], dueAt: clock.now())
        let stopped = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await likes.send(like)
        }
        await #expect(throws: NetworkError.self) { try await stopped.value }
        #expect(network.writes.isEmpty)
        #expect(await claims.records["1"] != nil)
        #expect(await claims.records["1"]?.state == nil)
    }

    @Test("when the network refuses likes for the access level, it says so once and goes on deciding")
    func likesRefused() async throws {
        try await trainCats()
        network.failLikes([.likesNotPermitted(detail: "client-not-enrolled")])
        network.addHome([post(1, "猫 一"), post(2, "猫 二")], of: network.account.id)
        let likes = loop(limit: 10)
        _ = try await likes.runOnce()
        network.addHome([post(3, "猫 三")], of: network.account.id)
        _ = try await likes.runOnce()
        #expect(network.writes.isEmpty)
        #expect(log.events("likes_unavailable").count == 1)
        #expect(log.events("would_like").count == 3)
        #expect(await claims.posts(in: .wouldLike) == ["1", "2", "3"])
    }

    @Test("retweets and the bot's own posts are never liked, and a post is decided once")
    func neverTwice() async throws {
        try await trainCats()
        var retweet = post(1, "猫 RT")
        retweet.isRetweet = true
        var own = post(2, "猫 mine")
        own.authorID = network.account.id
        network.addHome([retweet, own, post(3, "猫 三")], of: network.account.id)
        let likes = loop(limit: 10)
        _ = try await likes.runOnce()
        await cursors.setCursor("bot_home", to: "0")  // read everything again
        _ = try await likes.runOnce()
        #expect(network.writes.map(\.kind) == [.like("3")])
    }

    @Test("a fresh bot's timeline waits for the first learning round: judged then, not passed by with an empty classifier")
    func waitsForLearning() async throws {
        let learned = Milestone()
        network.addHome([post(1, "猫 一"), post(2, "会議 二")], of: network.account.id)
        let likes = loop(limit: 10, learned: learned)
        let round = Task { try await likes.runOnce() }
        try await untilLogged("likes_waiting")
        #expect(log.events("likes_waiting").count == 1)
        #expect(log.events("not_liked").isEmpty && network.writes.isEmpty)
        #expect(await cursors.cursor("bot_home") == nil)
        try await trainCats()
        learned.reach()
        _ = try await round.value
        #expect(network.writes.map(\.kind) == [.like("1")])
        #expect(log.events("not_liked").count == 1)
        // Reached once, for good: the next round does not wait.
        network.addHome([post(3, "猫 三")], of: network.account.id)
        _ = try await loop(limit: 10, learned: learned).runOnce()
        #expect(log.events("likes_waiting").count == 1)
        #expect(network.writes.map(\.kind) == [.like("1"), .like("3")])
    }

    @Test("a round waiting for learning ends when it is cancelled, having read and decided nothing")
    func waitCancelled() async throws {
        let learned = Milestone()
        network.addHome([post(1, "猫 一")], of: network.account.id)
        let likes = loop(limit: 10, learned: learned)
        let round = Task { try await likes.runOnce() }
        try await untilLogged("likes_waiting")
        round.cancel()
        await #expect(throws: CancellationError.self) { try await round.value }
        #expect(network.writes.isEmpty && log.events("not_liked").isEmpty)
        #expect(await cursors.cursor("bot_home") == nil)
    }
}
