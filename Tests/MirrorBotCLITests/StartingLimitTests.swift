import MirrorBot
@testable import MirrorBotCLI
import Synchronization
import Testing

@Suite("StartingLimit: a host's bots start a few at a time")
struct StartingLimitTests {
    /// Who is starting now, the most at once, and the order they began in.
    final class Starts: Sendable {
        let state = Mutex((now: 0, most: 0, order: [Int]()))
        func begin(_ bot: Int) { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.order.append(bot) } }
        func end() { state.withLock { $0.now -= 1 } }
        var order: [Int] { state.withLock { $0.order } }
        var most: Int { state.withLock { $0.most } }
    }

    /// Until `condition` holds (at most 10 s).
    func until(_ condition: () -> Bool) async throws {
        for _ in 0..<1_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("with 3 places, 12 bots start at most 3 at once, in the order they came, each place freed when its bot has started")
    func places() async throws {
        let limit = StartingLimit(places: 3)
        let starts = Starts()
        let milestones = (0..<12).map { _ in Milestone() }
        let bots = Mutex<[Task<Void, Never>]>([])
        for bot in 0..<12 {
            let task = Task {
                await limit.run(until: milestones[bot]) {
                    starts.begin(bot)
                    await milestones[bot].wait()
                    // The bot runs on after it started, its place given back.
                    try? await Task.sleep(for: .seconds(3_600))
                }
            }
            bots.withLock { $0.append(task) }
            try await until { starts.order.count == min(bot + 1, 3) }
        }
        // Three places taken, the other nine bots waiting for one.
        try await until { limit.counts.waiting == 9 }
        #expect(limit.counts.starting == 3)
        #expect(limit.counts.waiting == 9)
        for bot in 0..<12 {
            // With `bot` of them started, the next three have begun, and no more.
            try await until { starts.order.count == min(bot + 3, 12) }
            try await Task.sleep(for: .milliseconds(20))
            #expect(starts.order.count == min(bot + 3, 12))
            // Counted out before its place is given back, which lets the next one begin at once.
            starts.end()
            milestones[bot].reach()
        }
        try await until { starts.order.count == 12 }
        #expect(starts.order == Array(0..<12))
        #expect(starts.most == 3)
        try await until { limit.counts.starting == 0 }
        #expect(limit.counts.starting == 0 && limit.counts.waiting == 0)
        bots.withLock { $0.forEach { $0.cancel() } }
    }

    @Test("a bot that ends, or is stuck past the longest start, gives its place back; one cancelled while waiting takes none")
    func givenBack() async throws {
        let limit = StartingLimit(places: 1, longest: .milliseconds(200))
        let starts = Starts()
        // Ends without reaching its milestone (failed, stopped): the next one goes.
        await limit.run(until: Milestone()) { starts.begin(0) }
        // Stuck: the next one goes after `longest`.
        let stuck = Task { await limit.run(until: Milestone()) { starts.begin(1); try? await Task.sleep(for: .seconds(3_600)) } }
        try await until { starts.order.count == 2 }
        let cancelled = Task { await limit.run(until: Milestone()) { starts.begin(99) } }
        try await Task.sleep(for: .milliseconds(20))
        cancelled.cancel()
        await cancelled.value
        await limit.run(until: Milestone()) { starts.begin(2) }
        #expect(starts.order == [0, 1, 2])
        stuck.cancel()
    }
}
