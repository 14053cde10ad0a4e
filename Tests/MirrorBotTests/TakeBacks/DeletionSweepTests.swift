import MirrorBot
import Testing

@Suite struct DeletionSweepTests {
    @Test("the day's budget is spread over the day's learning rounds; 0 turns the sweep off, a small budget still reads one a round")
    func readsPerRound() {
        #expect(DeletionSweep.readsPerRound(readsPerDay: 288, learnInterval: .seconds(1200)) == 4)
        #expect(DeletionSweep.readsPerRound(readsPerDay: 0, learnInterval: .seconds(1200)) == 0)
        #expect(DeletionSweep.readsPerRound(readsPerDay: 10, learnInterval: .seconds(1200)) == 1)
        #expect(DeletionSweep.readsPerRound(readsPerDay: 64_800, learnInterval: .seconds(4)) == 3)
        #expect(DeletionSweep.readsPerRound(readsPerDay: 1000, learnInterval: .seconds(200_000)) == 1000)
    }
}
