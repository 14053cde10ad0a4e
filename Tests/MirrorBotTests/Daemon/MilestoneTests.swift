@testable import MirrorBot
import Testing

@Suite("Milestone: reached once, waited for")
struct MilestoneTests {
    @Test("a wait returns when it is reached, at once after; a follower is reached with it")
    func reached() async throws {
        let milestone = Milestone()
        let follower = Milestone()
        milestone.passOn(to: follower)
        let waiting = Task { await milestone.wait(); return milestone.isReached }
        #expect(!follower.isReached)
        milestone.reach()
        #expect(await waiting.value)
        #expect(follower.isReached)
        await milestone.wait()
        let late = Milestone()
        milestone.passOn(to: late)
        #expect(late.isReached)
        milestone.reach()  // twice: nothing more
    }

    @Test("a cancelled wait returns unreached")
    func cancelled() async throws {
        let milestone = Milestone()
        let waiting = Task { await milestone.wait(); return milestone.isReached }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        #expect(await waiting.value == false)
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await milestone.wait()
            return milestone.isReached
        }
        #expect(await cancelledFirst.value == false)
    }
}
