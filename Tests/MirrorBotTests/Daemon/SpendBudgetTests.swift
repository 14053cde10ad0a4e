import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import MirrorBotSpend
import Testing

@Suite("What X costs: the day's spend, the budget and reads that buy something, on a manual clock")
struct SpendBudgetTests {
    /// 2027-01-15 12:00 UTC.
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let scripted: ScriptedNetwork
    let network: ReadCountingNetwork
    let human = Account(id: "1", username: "haru")
    let store = InMemorySpendStore()
    let log = LogRecorder()
    let classifier = InMemoryClassifier()
    let cursors = InMemoryCursors()

    init() {
        scripted = ScriptedNetwork(clock: clock)
        network = ReadCountingNetwork(scripted)
    }

    func ledger(budget: Double?) -> SpendLedger {
        SpendLedger(budget: budget, pricing: FlatPostPricing(), store: store, clock: clock, log: log.logger)
    }

    func settings(_ spending: SpendLedger?, likeLimit: Int = 200) -> DaemonSettings {
        var settings = DaemonSettings.testing(likeLimitPerDay: likeLimit)
        settings.spending = spending
        return settings
    }

    func likeLoop(_ settings: DaemonSettings) -> LikeLoop {
        LikeLoop(
            bot: network, botAccount: scripted.account, classifier: classifier, cursors: cursors, claims: InMemoryLikeClaims(), clock: clock,
            settings: settings, log: log.logger)
    }

    func learningLoop(_ settings: DaemonSettings) -> LearningLoop {
        let learner = Learner(
            human: network, humanAccount: human, posts: InMemoryPostStore(), classifier: classifier, cursors: cursors,
            marks: InMemoryTrainingMarks(), log: .silent)
        return LearningLoop(learner: learner, settings: settings, clock: clock)
    }

    func post(_ id: Int, _ text: String) -> NetworkPost {
        NetworkPost(id: String(id), text: text, createdAt: clock.now(), authorID: "5", authorUsername: "friend")
    }

    @Test("the budget stops the like loop's and the learning loop's reads at its reads line, says so once, and posts go on until the budget")
    func stopsReadsAtTheLimit() async throws {
        let spending = ledger(budget: 1.00)
        let likes = likeLoop(settings(spending))
        let learning = learningLoop(settings(spending))

        spending.record(endpoint: "GET /2/users/:id/timelines/reverse_chronological", resources: 159, dollars: 0.795)
        _ = try await likes.runOnce()
        _ = try await learning.runOnce()
        #expect(network.reads("home_timeline") == 2)  // the bot's (likes) and the human's (a first sample)
        #expect(network.reads("posts") == 1)
        #expect(log.events("budget_reached").isEmpty)

        // $0.81: past the reads line (80% of $1.00).
        spending.record(endpoint: "GET /2/users/:id/timelines/reverse_chronological", resources: 3, dollars: 0.015)
        clock.advance(300)
        _ = try await likes.runOnce()
        _ = try await learning.runOnce()
        _ = try await likes.runOnce()
        #expect(network.reads("home_timeline") == 2)
        #expect(network.reads("posts") == 1)
        #expect(network.reads("likes") == 1)
        #expect(log.events("budget_reached").count == 1)
        #expect(log.events("budget_reached").first?.contains("stopped=reads") == true)
        #expect(spending.today().stopped == [.reads])

        // Posting goes on while a post fits: $0.81 + $0.015; not one with a URL ($0.20).
        #expect(spending.allows(.post(text: "おはよう", reply: false)))
        #expect(!spending.allows(.post(text: "読んだ https://example.com", reply: false)))
        #expect(spending.allows(.essentialRead))
        #expect(log.events("budget_reached").count == 2)
        #expect(log.events("budget_reached").last?.contains("stopped=posting") == true)

        // The next UTC day starts from zero: the reads resume.
        clock.advance(86_400)
        _ = try await likes.runOnce()
        #expect(network.reads("home_timeline") == 3)
        #expect(spending.today().total == 0)
    }

    @Test("a restart keeps the day's spend: a new ledger attached to the store starts from it")
    func restartKeepsTheDay() async throws {
        let first = ledger(budget: 0.10)
        try await first.attach(store)
        await first.persist(first.record(endpoint: "POST /2/tweets", resources: 1, dollars: 0.09))
        let second = ledger(budget: 0.10)
        try await second.attach(store)
        #expect(second.today().lines == [SpendLine(endpoint: "POST /2/tweets", requests: 1, resources: 1, dollars: 0.09)])
        #expect(!second.allows(.optionalRead))
        #expect(!second.allows(.post(text: "もう一つ", reply: false)))
    }

    @Test("on a network that charges for reads, no home timeline is read once likes are refused or turned off")
    func noHomeTimelineWithoutLikes() async throws {
        try await classifier.trainCats()
        let paid = settings(ledger(budget: nil))
        scripted.failLikes([.likesNotPermitted(detail: "client-not-enrolled")])
        scripted.addHome([post(1, "猫 一")], of: scripted.account.id)
        let likes = likeLoop(paid)
        let learning = learningLoop(paid)
        _ = try await learning.runOnce()
        #expect(network.reads("home_timeline") == 1)  // the human's, sampled while likes are wanted
        _ = try await likes.runOnce()
        #expect(network.reads("home_timeline") == 2)  // the bot's: the like is refused here
        #expect(paid.likeAccess.isRefused)
        scripted.addHome([post(2, "猫 二")], of: scripted.account.id)
        for _ in 0..<5 {
            clock.advance(86_400)
            _ = try await likes.runOnce()
            _ = try await learning.runOnce()
        }
        #expect(network.reads("home_timeline") == 2)
        #expect(network.reads("posts") == 6)  // learning stays on the human's own posts and likes
        #expect(network.reads("likes") == 6)
        #expect(log.events("likes_unavailable").count == 1)

        // LIKE_LIMIT_PER_DAY=0 turns likes off: nothing read for them either.
        let off = settings(ledger(budget: nil), likeLimit: 0)
        _ = try await likeLoop(off).runOnce()
        _ = try await learningLoop(off).runOnce()
        #expect(network.reads("home_timeline") == 2)
    }

    @Test("the human's home timeline is read again after the learning interval while a sample corrects a decision, and twice as late when none did")
    func samplesAsOftenAsTheyChangeADecision() async throws {
        let learning = learningLoop(settings(ledger(budget: nil)))
        // The human likes cats, not meetings: a sample of meetings they passed over corrects nothing.
        try await classifier.trainCats()
        scripted.addHome([post(1, "会議 一")], of: human.id)
        _ = try await learning.runOnce()
        #expect(learning.pace.wait == 1200)
        clock.advance(1200)
        _ = try await learning.runOnce()
        #expect(learning.pace.wait == 2400)
        clock.advance(1200)
        _ = try await learning.runOnce()  // not due
        #expect(network.reads("home_timeline") == 2)
        // A cat post the human passed over: the classifier would have liked it, a decision corrected.
        scripted.addHome([post(2, "猫 二")], of: human.id)
        clock.advance(1200)
        _ = try await learning.runOnce()
        #expect(network.reads("home_timeline") == 3)
        #expect(learning.pace.wait == 1200)
    }

    @Test("X_SKIP_LINK_POSTS: a link post gives way to a URL-free one when it would pass the budget (tight) or always; with no room for any post the slot waits")
    func linkPosts() async throws {
        let human = [("10:00", "読んだ https://example.com/a"), ("10:01", "読んだ https://example.com/b"), ("10:02", "おはよう")]
        func world(budget: Double?, spent: Double, _ skipping: LinkPostSkipping) async -> PostingWorld {
            let clock = ManualClock(PostingWorld.at("10:00"))
            let spending = SpendLedger(budget: budget, pricing: FlatPostPricing(), store: nil, clock: clock)
            spending.record(endpoint: "GET /2/users/:id/mentions", resources: 1, dollars: spent)
            let world = PostingWorld(human: human, now: "10:00", spending: spending, linkPosts: skipping)
            await world.seedPlan(["10:00"])
            return world
        }
        // $0.05 left: a link post ($0.20) would pass the budget, a plain one ($0.015) fits.
        for skipping in [LinkPostSkipping.tight, .always] {
            let tight = await world(budget: skipping == .tight ? 1 : nil, spent: skipping == .tight ? 0.95 : 0, skipping)
            _ = try await tight.loop.runOnce()
            #expect(tight.network.writes.map(\.text) == ["おはよう"], "\(skipping)")
            #expect(await tight.states()["10:00"] == .posted)
        }
        // $0.01 left: nothing fits; the slot stays planned (tried again, missed when too late).
        let spent = await world(budget: 1, spent: 0.99, .tight)
        _ = try await spent.loop.runOnce()
        #expect(spent.network.writes.isEmpty)
        #expect(await spent.states()["10:00"] == .planned)
    }

    @Test("every pick is a link post under a tight budget: the loop ends, the slot stays planned; with X_SKIP_LINK_POSTS=always the slot is skipped")
    func everyPickALink() async throws {
        let human = [("10:00", "読んだ https://example.com/a"), ("10:01", "見た https://example.com/b"), ("10:02", "聴いた https://example.com/c")]
        // $0.05 left of $1: each link post ($0.20) would pass the budget, and there is no URL-free one.
        let clock = ManualClock(PostingWorld.at("10:00"))
        let spending = SpendLedger(budget: 1, pricing: FlatPostPricing(), store: nil, clock: clock)
        spending.record(endpoint: "GET /2/users/:id/mentions", resources: 1, dollars: 0.95)
        let tight = PostingWorld(human: human, now: "10:00", spending: spending, linkPosts: .tight)
        await tight.seedPlan(["10:00"])
        _ = try await tight.loop.runOnce()
        _ = try await tight.loop.runOnce()  // the next round ends too
        #expect(tight.network.writes.isEmpty)
        #expect(await tight.states()["10:00"] == .planned)
        #expect(tight.log.events("slot_skipped").isEmpty)

        let always = PostingWorld(human: human, now: "10:00", spending: SpendLedger(budget: nil, pricing: FlatPostPricing(), store: nil, clock: clock), linkPosts: .always)
        await always.seedPlan(["10:00"])
        _ = try await always.loop.runOnce()
        #expect(always.network.writes.isEmpty)
        #expect(await always.states()["10:00"] == .skipped)
    }

    @Test("the deletion sweep's lookups stop with the other reads when the budget is tight; its retried copy deletions go on")
    func sweepUnderBudget() async throws {
        let takeBacks = TakeBackFake()
        await takeBacks.seed(stored: ["h1", "h2", "h3", "h4"], failedCopy: BotCopy(copyID: "b9", sourceID: "h0"))
        let check = SourceCheck(
            network: takeBacks, store: takeBacks, clock: clock, log: log.logger,
            copies: CopyFollower(bot: takeBacks, copies: takeBacks, clock: clock, log: log.logger))
        let sweep = DeletionSweep(check: check, store: takeBacks, plans: InMemoryPlanStore(), readsPerRound: 4, timeZone: .gmt)
        let spending = ledger(budget: 1.00)
        let learner = Learner(
            human: network, humanAccount: human, posts: InMemoryPostStore(), classifier: classifier, cursors: cursors,
            marks: InMemoryTrainingMarks(), log: .silent)
        let learning = LearningLoop(learner: learner, settings: settings(spending), clock: clock, sweep: sweep)

        _ = try await learning.runOnce()
        #expect(await takeBacks.lookedUp == ["h1", "h2", "h3", "h4"])
        #expect(await takeBacks.deleted == ["b9"])

        // Past the reads line: no lookup, no learning read; a copy whose deletion failed is deleted still.
        spending.record(endpoint: "GET /2/tweets", resources: 162, dollars: 0.81)
        await takeBacks.seed(stored: ["h5"], failedCopy: BotCopy(copyID: "b8", sourceID: "h0"))
        clock.advance(1200)
        let postsRead = network.reads("posts")
        _ = try await learning.runOnce()
        #expect(await takeBacks.lookedUp == ["h1", "h2", "h3", "h4"])
        #expect(await takeBacks.deleted == ["b9", "b8"])
        #expect(network.reads("posts") == postsRead)
    }
}

/// The take-backs' stores and network in one: stored posts to sweep, copies whose deletion
/// failed before, the lookups and deletions made (nothing is ever gone).
actor TakeBackFake: WithdrawalStore, CopyStore, PostLookupNetwork, PostDeletingNetwork {
    private var stored: [String] = []
    private var failed: [BotCopy] = []
    private(set) var lookedUp: [String] = []
    private(set) var deleted: [String] = []

    func seed(stored ids: [String], failedCopy: BotCopy) {
        stored += ids
        failed.append(failedCopy)
    }

    nonisolated var lookupBatchSize: Int { 100 }
    func missingPosts(among ids: [String]) async throws -> Set<String> {
        lookedUp += ids
        return []
    }
    func deletePost(id: String) async throws { deleted.append(id) }

    func markWithdrawn(_ ids: [String], at date: Date) async throws -> Int { ids.count }
    func markChecked(_ ids: [String], at date: Date) async throws { stored.removeAll { ids.contains($0) } }
    func withdrawnCount() async throws -> Int { 0 }
    func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String] { Array(stored.prefix(limit)) }

    func liveCopies(of sourceIDs: [String]) async throws -> [BotCopy] { [] }
    func recentCopySources(since date: Date, limit: Int) async throws -> [String] { [] }
    func liveCopiesOfWithdrawn(limit: Int) async throws -> [BotCopy] { Array(failed.prefix(limit)) }
    func markCopyDeleted(_ copy: BotCopy, at date: Date) async throws -> Bool {
        failed.removeAll { $0 == copy }
        return true
    }
    func deletedCopyCount() async throws -> Int { deleted.count }
}
