import MirrorBot
@testable import MirrorBotCLI
import Synchronization
import Testing

@Suite("A host's bot starts: new bots take a place among the few starting, bots that have learned start at once")
struct BotHostStartTests {
    /// One bot started through `BotHost.start`: its milestones once it runs, and how often it was recorded as learned.
    final class Started: Sendable {
        private let state = Mutex((start: BotStart?.none, recorded: 0))
        private let task = Mutex<Task<Void, Never>?>(nil)
        var start: BotStart? { state.withLock { $0.start } }
        var recorded: Int { state.withLock { $0.recorded } }

        /// Starts it: it runs until stopped once it has its place (or at once when `learnedBefore`).
        static func begin(learnedBefore: Bool, starting: StartingLimit) -> Started {
            let bot = Started()
            let task = Task {
                await BotHost.start(learnedBefore: learnedBefore, starting: starting) {
                    bot.state.withLock { $0.recorded += 1 }
                } run: { start in
                    bot.state.withLock { $0.start = start }
                    try? await Task.sleep(for: .seconds(3_600))
                }
            }
            bot.task.withLock { $0 = task }
            return bot
        }

        func stop() { task.withLock { $0?.cancel() } }
    }

    /// Until `condition` holds (at most 10 s).
    func until(_ condition: () -> Bool) async throws {
        for _ in 0..<1_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("with the one place held by a new bot still learning, a bot that has learned starts at once and a new one waits until the first round is done; the history read is recorded once, a failed start never")
    func learnedStartsAtOnce() async throws {
        let starting = StartingLimit(places: 1)
        let first = Started.begin(learnedBefore: false, starting: starting)
        try await until { first.start != nil }
        let learned = Started.begin(learnedBefore: true, starting: starting)
        let second = Started.begin(learnedBefore: false, starting: starting)
        try await until { learned.start != nil }
        #expect(learned.start != nil)
        #expect(learned.start?.turn == nil)
        // It begins its learning and like rounds at a phase; a new bot begins them at once.
        let phase = try #require(learned.start?.phase)
        #expect((0..<1).contains(phase.learning) && (0..<1).contains(phase.likes))
        #expect(first.start?.phase == nil)
        try await Task.sleep(for: .milliseconds(200))
        #expect(second.start == nil)

        // The first one's first round done (the budget let it read nothing): the second goes, nothing recorded.
        first.start?.firstRound.reach()
        try await until { second.start != nil }
        #expect(second.start != nil)
        #expect(first.recorded == 0)
        // A later round reads the history: recorded, once.
        first.start?.historyRead.reach()
        try await until { first.recorded == 1 }
        #expect(first.recorded == 1)

        // The second fails to start (its turn given back, nothing learned): never recorded.
        second.start?.turn?.reach()
        let third = Started.begin(learnedBefore: false, starting: starting)
        try await until { third.start != nil }
        #expect(third.start != nil)
        #expect(second.recorded == 0)
        // A bot that has learned before is not recorded again.
        learned.start?.historyRead.reach()
        try await Task.sleep(for: .milliseconds(100))
        #expect(learned.recorded == 0)
        for bot in [first, learned, second, third] { bot.stop() }
    }

    @Test("a phase's waits are its fractions of the learning and poll intervals")
    func phaseWaits() {
        let waits = RoundPhase(learning: 0.5, likes: 0.25).waits(learnInterval: .seconds(1_440), pollInterval: .seconds(300))
        #expect(waits == ["learning": .seconds(720), "likes": .seconds(75)])
    }
}
